#include "lineup/cli/hunt_summary.h"

#include <climits>
#include <cstdio>

#include "generator/client.h"
#include "lineup/hunt/coverage.h"
#include "lineup/hunt/repeats.h"

namespace lineup::cli {
namespace {

// The check that judged the executions: in c11 mode every verdict orders calls by the
// execution's happens-before, whatever --check says (ProgramJudge::judge_happens_before).
std::string check_used(const hunt::HuntOptions& options, const std::string& check) {
  return options.replay.memory_model == engine::MemoryModel::kC11 ? "happens-before" : check;
}

// The strategy and, where it has one, its bound: samplers draw executions without a bound, and
// DPOR explores without one.
std::string strategy_with_bound(const hunt::HuntOptions& options) {
  engine::StrategyKind kind = options.search.strategy;
  std::string text = engine::to_string(kind);
  if (!engine::is_systematic(kind)) return text;
  if (kind == engine::StrategyKind::kDpor) return text + ", unbounded";
  if (options.search.bound < 0) return text + ", deepening bound";
  return text + ", bound " + std::to_string(options.search.bound);
}

// c11 mode: the stale bound the hunt's systematic search kept to; -1 in SC mode, where no
// execution has a stale read to count.
int stale_bound(const hunt::HuntOptions& options) {
  return options.replay.memory_model == engine::MemoryModel::kC11 ? options.search.stale_bound : -1;
}

}  // namespace

nlohmann::json hunt_json(const specs::Target& target, const hunt::HuntOptions& options,
                         const std::string& check, const HuntOutput& output,
                         const hunt::HuntResult& r,
                         const std::vector<ArchivedViolation>& archived) {
  nlohmann::json out = {{"structure", target.name},
                        {"strategy", engine::to_string(options.search.strategy)},
                        {"bound", options.search.bound},
                        {"memory_model", engine::to_string(options.replay.memory_model)},
                        {"stale_bound", stale_bound(options)},
                        {"seed", options.seed},
                        {"check", check_used(options, check)},
                        {"jobs", output.jobs},
                        {"threads", options.threads},
                        {"calls", options.calls},
                        {"init", options.init},
                        {"programs", r.programs},
                        {"executions", r.executions},
                        {"distinct_classes", r.distinct_classes},
                        {"seconds", r.seconds},
                        {"bound_completed", r.bound_completed},
                        {"bound_covered", hunt::bound_covered(r, options)},
                        {"c11_coverage", hunt::c11_coverage(r, options)},
                        {"coverage_gap", hunt::incomplete_coverage(r, options)},
                        {"unseen_accesses", options.unseen_accesses},
                        {"programs_capped", r.programs_capped},
                        {"executions_abandoned", r.abandoned},
                        {"spin_blocks", r.spin_blocks},
                        {"stale_spin_cuts", r.stale_spin_cuts},
                        {"forced_timeouts", r.forced_timeouts},
                        {"late_stack_publications", r.late_stack_publications},
                        {"programs_missing_classes", r.programs_missing_classes},
                        {"suppressed_races", r.suppressed_races},
                        {"race_suppressions", options.replay.race_suppressions},
                        {"undetermined_executions", r.undetermined},
                        {"thread_pointer_switches", r.thread_pointer_switches},
                        {"duplicates_dropped", r.duplicates_dropped},
                        {"same_bugs_dropped", r.same_bugs_dropped},
                        {"programs_repeated", r.programs_repeated},
                        {"client_exhausted", r.client_exhausted},
                        {"setup_seconds", r.setup_seconds},
                        {"checker_seconds", r.checker_seconds},
                        {"depth", options.search.pct_depth},
                        {"internal_errors", r.internal_errors},
                        {"violations", nlohmann::json::array()}};
  const specs::Model& model = *target.model;
  // Written only for a client's hunt, so that shards of other hunts merge as before.
  if (options.client) out["client"] = generator::to_string(*options.client, model);
  for (size_t i = 0; i < r.violations.size(); ++i) {
    const hunt::Violation& v = r.violations[i];
    const corpus::Counterexample& c = archived[i].counterexample;
    out["violations"].push_back({{"program", v.program.describe(model)},
                                 {"signature", v.signature},
                                 {"preemptions", v.preemptions},
                                 {"shrunk_program", c.program.describe(model)},
                                 {"shrunk_schedule", c.schedule.to_token()},
                                 {"shrunk_preemptions", c.preemptions},
                                 {"corpus_file", archived[i].path},
                                 {"program_index", v.program_index},
                                 {"schedule", v.schedule.to_token()},
                                 {"kind", to_string(v.kind)},
                                 {"found_after_seconds", v.found_after_seconds},
                                 {"found_after_executions", v.found_after_executions},
                                 {"results", v.results},
                                 {"report", v.report}});
  }
  if (output.per_program) {
    out["per_program"] = nlohmann::json::array();
    for (const hunt::ProgramCounts& p : r.per_program) {
      out["per_program"].push_back({p.index, p.executions, p.classes});
    }
  }
  if (!r.curve.empty()) out["curve"] = r.curve;
  return out;
}

namespace {

// What became of a client's programs: which were searched, which only sampled.
void print_client_line(const specs::Target& target, const hunt::HuntOptions& options,
                       const hunt::HuntResult& r) {
  const std::string text = generator::to_string(*options.client, *target.model);
  const uint64_t searched = r.programs - r.programs_repeated;
  const char* strategy = engine::to_string(options.search.strategy);
  const char* sampler = engine::to_string(hunt::resampling(options).search.strategy);
  if (r.client_exhausted && r.programs_repeated == 0) {
    std::printf("client %s: its one program was explored exhaustively (%s): the hunt ended early\n",
                text.c_str(), strategy);
    return;
  }
  // With --jobs, other workers may have sampled the program while one explored it all.
  std::printf("client %s: %lu program%s searched with %s%s, %lu repeat%s sampled with %s\n",
              text.c_str(), static_cast<unsigned long>(searched), searched == 1 ? "" : "s",
              strategy, r.client_exhausted ? " (explored exhaustively)" : "",
              static_cast<unsigned long>(r.programs_repeated), r.programs_repeated == 1 ? "" : "s",
              sampler);
}

}  // namespace

void print_hunt_summary(const specs::Target& target, const hunt::HuntOptions& options,
                        const std::string& check, const hunt::HuntResult& r) {
  std::printf("%s: %lu programs, %lu executions, %lu distinct classes in %.1f s (%s, %s check)\n",
              target.name.c_str(), static_cast<unsigned long>(r.programs),
              static_cast<unsigned long>(r.executions),
              static_cast<unsigned long>(r.distinct_classes), r.seconds,
              strategy_with_bound(options).c_str(), check_used(options, check).c_str());
  if (options.client) print_client_line(target, options, r);
  char bound[32] = "none";
  if (r.bound_completed >= 0) std::snprintf(bound, sizeof bound, "%d", r.bound_completed);
  // In c11 mode the claim is about the executions of the C++11 model, within the stale bound,
  // and without the stale rounds given up in spin loops.
  std::string model;
  if (options.replay.memory_model == engine::MemoryModel::kC11) {
    std::string claim = hunt::c11_coverage(r, options);
    if (r.stale_spin_cuts != 0) {
      claim += std::string(claim.empty() ? "" : ", ") +
               "but spin loops read their newest stores after stale rounds";
    }
    model = " under c11" + (claim.empty() ? "" : " (" + claim + ")");
  }
  if (!options.unseen_accesses.empty()) {
    std::printf("coverage: no bound claimed (%s); %s\n", options.unseen_accesses.c_str(),
                hunt::coverage_counts(r).c_str());
  } else {
    std::printf("coverage: bound completed %s%s; %s\n",
                r.bound_completed == INT_MAX ? "all" : bound, model.c_str(),
                hunt::coverage_counts(r).c_str());
  }
  if (!options.replay.race_suppressions.empty()) {
    std::string patterns;
    for (const std::string& p : options.replay.race_suppressions) {
      patterns += (patterns.empty() ? "'" : ", '") + p + "'";
    }
    std::printf("data races suppressed: %lu (--suppress-race %s)\n",
                static_cast<unsigned long>(r.suppressed_races), patterns.c_str());
  }
  if (r.duplicates_dropped != 0) {
    std::printf("%lu violation%s dropped as already found by another job\n",
                static_cast<unsigned long>(r.duplicates_dropped),
                r.duplicates_dropped == 1 ? "" : "s");
  }
  if (r.same_bugs_dropped != 0) {
    std::printf("%lu violation%s dropped after shrinking as the same bug as one above\n",
                static_cast<unsigned long>(r.same_bugs_dropped),
                r.same_bugs_dropped == 1 ? "" : "s");
  }
  std::string gap = hunt::incomplete_coverage(r, options);
  if (r.violations.empty()) {
    std::printf("no violation found%s\n", gap.empty() ? "" : (", but " + gap).c_str());
  } else {
    std::printf("%zu VIOLATION%s found (reports above)\n", r.violations.size(),
                r.violations.size() == 1 ? "" : "S");
  }
}

}  // namespace lineup::cli
