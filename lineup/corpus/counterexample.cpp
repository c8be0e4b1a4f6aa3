#include "lineup/corpus/counterexample.h"

#include <nlohmann/json.hpp>

#include "checker/call_set.h"

namespace lineup {
namespace {

using nlohmann::json;

[[noreturn]] void bad(const std::string& field, const std::string& what) {
  throw CounterexampleError("field '" + field + "': " + what);
}

const json& need(const json& j, const std::string& field) {
  if (!j.is_object() || !j.contains(field)) bad(field, "missing");
  return j.at(field);
}

template <class T>
T get(const json& j, const std::string& field) {
  const json& v = need(j, field);
  try {
    return v.get<T>();
  } catch (const json::exception&) {
    bad(field, "has the wrong type (" + std::string(v.type_name()) + ")");
  }
}

json calls_json(const specs::Model& model, const std::vector<specs::Operation>& ops) {
  json out = json::array();
  for (const specs::Operation& op : ops) out.push_back(model.describe(op));
  return out;
}

json program_json(const specs::Model& model, const specs::TestProgram& p) {
  json threads = json::array();
  for (const auto& t : p.threads) threads.push_back(calls_json(model, t));
  return {{"init", calls_json(model, p.init)}, {"threads", threads}};
}

std::vector<specs::Operation> parse_calls(const specs::Model& model, const json& j,
                                          const std::string& field) {
  if (!j.is_array()) bad(field, "is not a list of calls");
  std::vector<specs::Operation> out;
  for (size_t i = 0; i < j.size(); ++i) {
    if (!j[i].is_string()) bad(field + "[" + std::to_string(i) + "]", "is not a call");
    try {
      out.push_back(parse_call(model, j[i].get<std::string>()));
    } catch (const CounterexampleError& e) {
      bad(field + "[" + std::to_string(i) + "]", e.what());
    }
  }
  return out;
}

specs::TestProgram parse_program(const specs::Model& model, const json& j,
                                 const std::string& field) {
  specs::TestProgram p;
  p.init = parse_calls(model, need(j, "init"), field + ".init");
  const json& threads = need(j, "threads");
  if (!threads.is_array() || threads.empty()) bad(field + ".threads", "is not a list of threads");
  for (size_t t = 0; t < threads.size(); ++t) {
    p.threads.push_back(
        parse_calls(model, threads[t], field + ".threads[" + std::to_string(t) + "]"));
  }
  if (p.calls() > checker::kMaxCalls) {
    bad(field, "has more than " + std::to_string(checker::kMaxCalls) + " calls");
  }
  return p;
}

engine::Schedule parse_schedule(const std::string& token, const std::string& field) {
  std::string error;
  auto s = engine::Schedule::from_token(token, &error);
  if (!s) bad(field, error.empty() ? "is not a schedule token" : error);
  return *s;
}

// The one serializer of ReplaySettings. Keys that are not always written are written only
// when they differ from their default, so the files of settings older than them stay as
// they were; absent reads as the default.
void write_replay_settings(const ReplaySettings& s, json& j) {
  j["atomics_only"] = s.atomics_only;
  j["check"] = s.dependency_aware ? "dependency" : "classic";
  j["spec"] = s.model_spec ? "model" : "serial";
  if (s.memory_model != engine::MemoryModel::kSc) j["memory_model"] = to_string(s.memory_model);
  if (s.thread_pointer_per_thread) j["thread_pointer_per_thread"] = true;
  if (s.private_stack_steps) j["private_stack_steps"] = true;
  if (!s.report_data_races) j["report_data_races"] = false;
}

// Reads what write_replay_settings() wrote, from a file of format `version`.
ReplaySettings read_replay_settings(const json& j, int version) {
  ReplaySettings s;
  s.atomics_only = get<bool>(j, "atomics_only");
  std::string check = get<std::string>(j, "check"), spec = get<std::string>(j, "spec");
  if (check != "dependency" && check != "classic") bad("check", "is not dependency or classic");
  if (spec != "model" && spec != "serial") bad("spec", "is not model or serial");
  s.dependency_aware = check == "dependency";
  s.model_spec = spec == "model";
  if (j.contains("memory_model")) {
    std::string name = get<std::string>(j, "memory_model");
    std::optional<engine::MemoryModel> m = engine::parse_memory_model(name);
    if (!m) bad("memory_model", "'" + name + "' is not sc or c11");
    s.memory_model = *m;
  }
  if (j.contains("thread_pointer_per_thread")) {
    s.thread_pointer_per_thread = get<bool>(j, "thread_pointer_per_thread");
  }
  // Format 1 schedules have a step at every access to a thread's own stack.
  s.private_stack_steps = version == 1;
  if (version > 1 && j.contains("private_stack_steps")) {
    s.private_stack_steps = get<bool>(j, "private_stack_steps");
  }
  if (j.contains("report_data_races")) s.report_data_races = get<bool>(j, "report_data_races");
  return s;
}

}  // namespace

specs::Operation parse_call(const specs::Model& model, const std::string& text) {
  size_t open = text.find('('), close = text.rfind(')');
  if (open == std::string::npos || close != text.size() - 1 || close < open) {
    throw CounterexampleError("'" + text + "' is not a call like push(1) or pop()");
  }
  std::string name = text.substr(0, open), arg = text.substr(open + 1, close - open - 1);
  const auto& names = model.operation_names();
  for (size_t op = 0; op < names.size(); ++op) {
    if (names[op] != name) continue;
    specs::Operation o{static_cast<int>(op), 0};
    if (model.takes_argument(o.op)) {
      size_t used = 0;
      try {
        o.arg = std::stoi(arg, &used);
      } catch (const std::exception&) {
        used = 0;
      }
      if (arg.empty() || used != arg.size()) {
        throw CounterexampleError("'" + text + "': the argument is not an integer");
      }
    } else if (!arg.empty()) {
      std::string why = "'" + text + "': ";
      why += name;
      why += " takes no argument";
      throw CounterexampleError(why);
    }
    return o;
  }
  throw CounterexampleError("'" + text + "': the " + model.name() + " model has no operation '" +
                            name + "'");
}

HuntOptions Counterexample::replay_options() const {
  HuntOptions o;
  o.replay = replay;
  o.seed = seed;
  o.sealed = sealed;
  return o;
}

Counterexample to_counterexample(const specs::Target& target, const Violation& v,
                                 const HuntOptions& options) {
  Counterexample c;
  static_cast<FailingCase&>(c) = v;
  c.structure = target.name;
  c.lineup_version = LINEUP_VERSION;
  c.seed = options.seed;
  c.replay = options.replay;
  return c;
}

Violation to_violation(const Counterexample& c) {
  Violation v;
  static_cast<FailingCase&>(v) = c;
  return v;
}

std::string to_json(const Counterexample& c, const specs::Model& model) {
  json j = {{"format", "lineup-counterexample"},
            {"format_version", kCounterexampleFormat},
            {"lineup_version", c.lineup_version},
            {"structure", c.structure},
            {"kind", to_string(c.kind)},
            {"program", program_json(model, c.program)},
            {"schedule", c.schedule.to_token()},
            {"results", c.results},
            {"preemptions", c.preemptions},
            {"signature", c.signature},
            {"sealed", c.sealed},
            {"seed", c.seed},
            {"program_index", c.program_index}};
  write_replay_settings(c.replay, j);
  if (c.original_program) {
    j["original"] = {{"program", program_json(model, *c.original_program)},
                     {"schedule", c.original_schedule ? c.original_schedule->to_token() : ""}};
  }
  return j.dump(2) + "\n";
}

Counterexample from_json(const std::string& text) {
  json j;
  try {
    j = json::parse(text);
  } catch (const json::parse_error& e) {
    throw CounterexampleError(std::string("not valid JSON (") + e.what() + ")");
  }
  if (!j.is_object()) throw CounterexampleError("not a JSON object");
  if (get<std::string>(j, "format") != "lineup-counterexample") {
    bad("format", "is not \"lineup-counterexample\"");
  }
  int version = get<int>(j, "format_version");
  if (version < kOldestCounterexampleFormat || version > kCounterexampleFormat) {
    bad("format_version", std::to_string(version) + " is not supported (this lineup reads " +
                              std::to_string(kOldestCounterexampleFormat) + " to " +
                              std::to_string(kCounterexampleFormat) + ")");
  }
  Counterexample c;
  c.structure = get<std::string>(j, "structure");
  const specs::Target* target = specs::find_target(c.structure);
  if (target == nullptr) bad("structure", "'" + c.structure + "' is not registered here");
  const specs::Model& model = *target->model;
  c.lineup_version = get<std::string>(j, "lineup_version");
  std::string kind = get<std::string>(j, "kind");
  std::optional<ViolationKind> parsed_kind = parse_violation_kind(kind);
  if (!parsed_kind) bad("kind", "'" + kind + "' is not a kind of violation");
  c.kind = *parsed_kind;
  c.program = parse_program(model, need(j, "program"), "program");
  c.schedule = parse_schedule(get<std::string>(j, "schedule"), "schedule");
  c.results = get<std::vector<int>>(j, "results");
  if (c.results.size() != c.program.results_size()) {
    bad("results", "has " + std::to_string(c.results.size()) + " entries for " +
                       std::to_string(c.program.results_size()) + " calls");
  }
  c.preemptions = get<int>(j, "preemptions");
  c.signature = get<std::vector<std::string>>(j, "signature");
  if (j.contains("sealed")) c.sealed = get<std::vector<std::string>>(j, "sealed");
  c.seed = get<uint64_t>(j, "seed");
  c.program_index = get<uint64_t>(j, "program_index");
  c.replay = read_replay_settings(j, version);
  if (j.contains("original")) {
    const json& o = j.at("original");
    c.original_program = parse_program(model, need(o, "program"), "original.program");
    c.original_schedule = parse_schedule(get<std::string>(o, "schedule"), "original.schedule");
  }
  return c;
}

}  // namespace lineup
