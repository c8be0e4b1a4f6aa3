#include "lineup/corpus/merge_results.h"

#include <algorithm>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <utility>

#include "engine/strategy/factory.h"
#include "lineup/hunt/coverage.h"

namespace lineup::corpus {
namespace {

using nlohmann::json;

// Shard `i`'s field `name`, which must have `type`.
const json& field(const json& shard, size_t i, const char* name, json::value_t type) {
  auto fail = [&](const std::string& what) {
    throw std::invalid_argument("shard " + std::to_string(i + 1) + ": field '" + name + "' " +
                                what);
  };
  if (!shard.is_object() || !shard.contains(name)) fail("is missing");
  const json& value = shard[name];
  bool ok = value.type() == type || (type == json::value_t::number_float && value.is_number()) ||
            (type == json::value_t::number_integer && value.is_number_integer());
  if (!ok) fail("has the wrong type");
  return value;
}

uint64_t count(const json& shard, size_t i, const char* name) {
  const json& v = field(shard, i, name, json::value_t::number_integer);
  if (v.get<int64_t>() < 0) {
    throw std::invalid_argument("shard " + std::to_string(i + 1) + ": field '" + name +
                                "' is negative");
  }
  return v.get<uint64_t>();
}

// Counters summed over the shards; a shard without one (written by an older lineup) adds 0.
constexpr const char* kSummedCounts[] = {
    "programs_capped",    "executions_abandoned",    "spin_blocks",
    "forced_timeouts",    "late_stack_publications", "thread_pointer_switches",
    "duplicates_dropped", "undetermined_executions", "suppressed_races",
    "programs_repeated",  "stale_spin_cuts",         "programs_missing_classes"};

// The whole hunt's coverage, computed as one hunt computes it from its counts.
void merge_coverage(json& out) {
  const std::optional<engine::StrategyKind> strategy =
      out["strategy"].is_string() ? engine::parse_strategy(out["strategy"].get<std::string>())
                                  : std::nullopt;
  if (!strategy || !out["bound"].is_number_integer()) return;
  hunt::HuntOptions options;
  options.search.strategy = *strategy;
  options.search.bound = out["bound"].get<int>();
  hunt::HuntResult r;
  r.programs = out["programs"].get<uint64_t>();
  r.bound_completed = static_cast<int>(out["bound_completed"].get<int64_t>());
  r.programs_capped = out["programs_capped"].get<uint64_t>();
  r.late_stack_publications = out["late_stack_publications"].get<uint64_t>();
  r.programs_missing_classes = out["programs_missing_classes"].get<uint64_t>();
  r.undetermined = out["undetermined_executions"].get<uint64_t>();
  if (out["memory_model"] == "c11" && out["stale_bound"].is_number_integer()) {
    options.replay.memory_model = engine::MemoryModel::kC11;
    options.search.stale_bound = out["stale_bound"].get<int>();
    out["c11_coverage"] = hunt::c11_coverage(r, options);
  }
  out["bound_covered"] = hunt::bound_covered(r, options);
  out["coverage_gap"] = hunt::incomplete_coverage(r, options);
}

}  // namespace

json merge_results(const std::vector<json>& shards) {
  if (shards.empty()) throw std::invalid_argument("no shard summaries to merge");
  json out;
  // A field that must be equal in every shard; one not `required` is kept only when the
  // shards carry it (older shard files may not).
  auto keep_same = [&](const char* name, bool required) {
    if (!shards[0].is_object() || !shards[0].contains(name)) {
      if (!required) return;
      throw std::invalid_argument(std::string("shard 1: field '") + name + "' is missing");
    }
    out[name] = shards[0][name];
    for (size_t i = 1; i < shards.size(); ++i) {
      if (!shards[i].is_object() || !shards[i].contains(name) || shards[i][name] != out[name]) {
        throw std::invalid_argument("shard " + std::to_string(i + 1) + ": field '" + name +
                                    "' differs from shard 1's: not shards of one hunt");
      }
    }
  };
  for (const char* name :
       {"structure", "strategy", "bound", "depth", "check", "seed", "threads", "calls", "init"}) {
    keep_same(name, true);
  }
  for (const char* name : {"memory_model", "stale_bound", "client"}) keep_same(name, false);
  uint64_t programs = 0, executions = 0, classes = 0, jobs = 0;
  double seconds = 0, total_seconds = 0, setup = 0, checker = 0;
  int64_t bound = INT64_MAX;
  std::vector<json> violations, per_program;
  json internal_errors = json::array();
  for (const char* name : kSummedCounts) out[name] = uint64_t{0};
  for (size_t i = 0; i < shards.size(); ++i) {
    const json& s = shards[i];
    for (const char* name : kSummedCounts) {
      if (s.contains(name)) out[name] = out[name].get<uint64_t>() + count(s, i, name);
    }
    if (s.contains("internal_errors")) {
      for (const json& e : field(s, i, "internal_errors", json::value_t::array)) {
        internal_errors.push_back(e);
      }
    }
    programs += count(s, i, "programs");
    executions += count(s, i, "executions");
    classes += count(s, i, "distinct_classes");
    jobs += count(s, i, "jobs");
    double t = field(s, i, "seconds", json::value_t::number_float).get<double>();
    seconds = std::max(seconds, t);
    total_seconds += t;
    setup += field(s, i, "setup_seconds", json::value_t::number_float).get<double>();
    checker += field(s, i, "checker_seconds", json::value_t::number_float).get<double>();
    const int64_t completed =
        field(s, i, "bound_completed", json::value_t::number_integer).get<int64_t>();
    // A shard that only sampled repeats of a client's programs (searched in another shard)
    // claims nothing and takes nothing from the others' claim.
    const bool only_repeats = s.contains("programs_repeated") &&
                              count(s, i, "programs_repeated") == count(s, i, "programs") &&
                              count(s, i, "programs") != 0;
    if (!only_repeats) bound = std::min(bound, completed);
    for (const json& v : field(s, i, "violations", json::value_t::array)) {
      field(v, i, "program_index", json::value_t::number_integer);
      field(v, i, "kind", json::value_t::string);
      field(v, i, "signature", json::value_t::array);
      violations.push_back(v);
    }
    if (s.contains("per_program")) {
      for (const json& p : field(s, i, "per_program", json::value_t::array)) {
        per_program.push_back(p);
      }
    }
  }
  std::stable_sort(violations.begin(), violations.end(), [](const json& a, const json& b) {
    return a["program_index"].get<uint64_t>() < b["program_index"].get<uint64_t>();
  });
  std::set<std::pair<std::string, json>> seen;  // (kind, signature)
  out["violations"] = json::array();
  for (json& v : violations) {
    if (seen.insert({v["kind"].get<std::string>(), v["signature"]}).second) {
      out["violations"].push_back(std::move(v));
    }
  }
  out["shards"] = shards.size();
  out["jobs"] = jobs;
  out["programs"] = programs;
  out["executions"] = executions;
  out["distinct_classes"] = classes;
  out["seconds"] = seconds;
  out["shard_seconds"] = total_seconds;
  out["setup_seconds"] = setup;
  out["checker_seconds"] = checker;
  out["bound_completed"] = bound == INT64_MAX ? -1 : bound;
  out["internal_errors"] = internal_errors;
  merge_coverage(out);
  if (!per_program.empty()) {
    std::stable_sort(per_program.begin(), per_program.end(), [](const json& a, const json& b) {
      return a.at(0).get<uint64_t>() < b.at(0).get<uint64_t>();
    });
    out["per_program"] = per_program;
  }
  return out;
}

}  // namespace lineup::corpus
