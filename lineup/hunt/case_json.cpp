#include "lineup/hunt/case_json.h"

#include <charconv>
#include <string>
#include <system_error>
#include <vector>

#include "checker/call_set.h"

namespace lineup::hunt {
namespace {

using nlohmann::json;

json calls_json(const specs::Model& model, const std::vector<specs::Operation>& ops) {
  json out = json::array();
  for (const specs::Operation& op : ops) out.push_back(model.describe(op));
  return out;
}

std::vector<specs::Operation> parse_calls(const specs::Model& model, const json& j,
                                          const std::string& field) {
  if (!j.is_array()) bad_field(field, "is not a list of calls");
  std::vector<specs::Operation> out;
  for (size_t i = 0; i < j.size(); ++i) {
    if (!j[i].is_string()) bad_field(field + "[" + std::to_string(i) + "]", "is not a call");
    try {
      out.push_back(parse_call(model, j[i].get<std::string>()));
    } catch (const CaseFormatError& e) {
      bad_field(field + "[" + std::to_string(i) + "]", e.what());
    }
  }
  return out;
}

// Follows a SAX parse to name the value being read when the text stops being JSON: keys of
// objects joined by '.', positions in lists as [i] ("program.threads[1][0]").
class FieldLocator final : public nlohmann::json_sax<json> {
 public:
  bool null() override { return value(); }
  bool boolean(bool) override { return value(); }
  bool number_integer(number_integer_t) override { return value(); }
  bool number_unsigned(number_unsigned_t) override { return value(); }
  bool number_float(number_float_t, const string_t&) override { return value(); }
  bool string(string_t&) override { return value(); }
  bool binary(binary_t&) override { return value(); }
  bool start_object(std::size_t) override { return open(false); }
  bool key(string_t& name) override {
    frames_.back().key = name;
    frames_.back().in_value = true;
    return true;
  }
  bool end_object() override { return close(); }
  bool start_array(std::size_t) override { return open(true); }
  bool end_array() override { return close(); }
  bool parse_error(std::size_t, const std::string&, const json::exception&) override {
    return false;
  }

  /// The value being read: "" outside any field.
  std::string field() const {
    std::string out;
    for (const Frame& f : frames_) {
      if (f.list) {
        out += "[" + std::to_string(f.index) + "]";
      } else if (f.in_value) {
        out += (out.empty() ? "" : ".") + f.key;
      } else {
        break;
      }
    }
    return out;
  }

 private:
  struct Frame {
    bool list = false;
    size_t index = 0;       // a list's element being read
    std::string key;        // an object's key being read
    bool in_value = false;  // an object is between a key and the end of its value
  };
  bool open(bool list) {
    frames_.push_back({list, 0, "", false});
    return true;
  }
  bool close() {
    frames_.pop_back();
    return value();
  }
  // A value ended: the list's next element, or the object's next key.
  bool value() {
    if (frames_.empty()) return true;
    Frame& f = frames_.back();
    if (f.list) {
      ++f.index;
    } else {
      f.in_value = false;
    }
    return true;
  }

  std::vector<Frame> frames_;
};

// nlohmann's message without its "[json.exception.parse_error.101] " tag, and cut short: it
// quotes the token it stopped at, which may be as long as the file.
std::string untagged(const std::string& what) {
  constexpr size_t kLongest = 200;
  size_t end = what.find("] ");
  std::string out = what.starts_with("[json.exception.") && end != std::string::npos
                        ? what.substr(end + 2)
                        : what;
  return out.size() > kLongest ? out.substr(0, kLongest) + "..." : out;
}

}  // namespace

json parse_json(const std::string& text) {
  try {
    return json::parse(text);
  } catch (const json::exception& e) {
    FieldLocator locator;
    json::sax_parse(text, &locator);
    std::string field = locator.field(), why = "not valid JSON (" + untagged(e.what()) + ")";
    if (field.empty()) throw CaseFormatError(why);
    bad_field(field, why);
  }
}

specs::Operation parse_call(const specs::Model& model, const std::string& text) {
  size_t open = text.find('('), close = text.rfind(')');
  if (open == std::string::npos || close != text.size() - 1 || close < open) {
    throw CaseFormatError("'" + text + "' is not a call like push(1) or pop()");
  }
  std::string name = text.substr(0, open), arg = text.substr(open + 1, close - open - 1);
  const auto& names = model.operation_names();
  for (size_t op = 0; op < names.size(); ++op) {
    if (names[op] != name) continue;
    specs::Operation o{static_cast<int>(op), 0};
    if (model.takes_argument(o.op)) {
      auto [end, error] = std::from_chars(arg.data(), arg.data() + arg.size(), o.arg);
      if (arg.empty() || error != std::errc() || end != arg.data() + arg.size()) {
        throw CaseFormatError("'" + text + "': the argument is not an integer");
      }
    } else if (!arg.empty()) {
      std::string why = "'" + text + "': ";
      why += name;
      why += " takes no argument";
      throw CaseFormatError(why);
    }
    return o;
  }
  throw CaseFormatError("'" + text + "': the " + model.name() + " model has no operation '" + name +
                        "'");
}

json program_json(const specs::Model& model, const specs::TestProgram& p) {
  json threads = json::array();
  for (const auto& t : p.threads) threads.push_back(calls_json(model, t));
  return {{"init", calls_json(model, p.init)}, {"threads", threads}};
}

specs::TestProgram parse_program(const specs::Model& model, const json& j,
                                 const std::string& field) {
  specs::TestProgram p;
  if (!j.is_object()) bad_field(field, "is not an object with init and threads");
  p.init = parse_calls(model, need_field(j, "init", field + ".init"), field + ".init");
  const json& threads = need_field(j, "threads", field + ".threads");
  if (!threads.is_array() || threads.empty()) {
    bad_field(field + ".threads", "is not a list of threads");
  }
  for (size_t t = 0; t < threads.size(); ++t) {
    p.threads.push_back(
        parse_calls(model, threads[t], field + ".threads[" + std::to_string(t) + "]"));
  }
  if (p.calls() > checker::kMaxCalls) {
    bad_field(field, "has more than " + std::to_string(checker::kMaxCalls) + " calls");
  }
  return p;
}

engine::Schedule parse_schedule(const std::string& token, const std::string& field) {
  std::string error;
  auto s = engine::Schedule::from_token(token, &error);
  if (!s) bad_field(field, error.empty() ? "is not a schedule token" : error);
  return *s;
}

void write_replay_settings(const ReplaySettings& s, json& j) {
  j["atomics_only"] = s.atomics_only;
  j["check"] = s.dependency_aware ? "dependency" : "classic";
  j["spec"] = s.model_spec ? "model" : "serial";
  if (s.memory_model != engine::MemoryModel::kSc) j["memory_model"] = to_string(s.memory_model);
  if (s.thread_pointer_per_thread) j["thread_pointer_per_thread"] = true;
  if (s.private_stack_steps) j["private_stack_steps"] = true;
  if (s.latest_rmws) j["latest_rmws"] = true;
  if (s.rc11_seq_cst) j["rc11_seq_cst"] = true;
  if (!s.report_data_races) j["report_data_races"] = false;
  if (!s.race_suppressions.empty()) j["race_suppressions"] = s.race_suppressions;
}

ReplaySettings read_replay_settings(const json& j, int version) {
  ReplaySettings s;
  s.atomics_only = get_field<bool>(j, "atomics_only");
  std::string check = get_field<std::string>(j, "check"), spec = get_field<std::string>(j, "spec");
  if (check != "dependency" && check != "classic") {
    bad_field("check", "is not dependency or classic");
  }
  if (spec != "model" && spec != "serial") bad_field("spec", "is not model or serial");
  s.dependency_aware = check == "dependency";
  s.model_spec = spec == "model";
  if (j.contains("memory_model")) {
    std::string name = get_field<std::string>(j, "memory_model");
    std::optional<engine::MemoryModel> m = engine::parse_memory_model(name);
    if (!m) bad_field("memory_model", "'" + name + "' is not sc or c11");
    s.memory_model = *m;
  }
  if (j.contains("thread_pointer_per_thread")) {
    s.thread_pointer_per_thread = get_field<bool>(j, "thread_pointer_per_thread");
  }
  // Format 1 schedules have a step at every access to a thread's own stack.
  s.private_stack_steps = version == 1;
  if (version > 1 && j.contains("private_stack_steps")) {
    s.private_stack_steps = get_field<bool>(j, "private_stack_steps");
  }
  // c11 schedules before format 3 have no memory-model choice at an rmw.
  s.latest_rmws = version <= 2;
  if (version > 2 && j.contains("latest_rmws")) s.latest_rmws = get_field<bool>(j, "latest_rmws");
  if (j.contains("rc11_seq_cst")) {
    // A reader of format 3 ignores the field and would replay the schedule another way.
    if (version < 4) bad_field("rc11_seq_cst", "needs format_version 4");
    s.rc11_seq_cst = get_field<bool>(j, "rc11_seq_cst");
  }
  if (j.contains("report_data_races")) {
    s.report_data_races = get_field<bool>(j, "report_data_races");
  }
  if (j.contains("race_suppressions")) {
    s.race_suppressions = get_field<std::vector<std::string>>(j, "race_suppressions");
  }
  return s;
}

json failing_case_json(const FailingCase& c, const specs::Model& model) {
  return {{"kind", to_string(c.kind)},
          {"program", program_json(model, c.program)},
          {"schedule", c.schedule.to_token()},
          {"results", c.results},
          {"preemptions", c.preemptions},
          {"signature", c.signature},
          {"sealed", c.sealed},
          {"program_index", c.program_index}};
}

FailingCase parse_failing_case(const json& j, const specs::Model& model) {
  FailingCase c;
  std::string kind = get_field<std::string>(j, "kind");
  std::optional<ViolationKind> parsed_kind = parse_violation_kind(kind);
  if (!parsed_kind) bad_field("kind", "'" + kind + "' is not a kind of violation");
  c.kind = *parsed_kind;
  c.program = parse_program(model, need_field(j, "program"), "program");
  c.schedule = parse_schedule(get_field<std::string>(j, "schedule"), "schedule");
  c.results = get_field<std::vector<int>>(j, "results");
  if (c.results.size() != c.program.results_size()) {
    bad_field("results", "has " + std::to_string(c.results.size()) + " entries for " +
                             std::to_string(c.program.results_size()) + " calls");
  }
  c.preemptions = get_count(j, "preemptions");
  c.signature = get_field<std::vector<std::string>>(j, "signature");
  if (j.contains("sealed")) c.sealed = get_field<std::vector<std::string>>(j, "sealed");
  c.program_index = get_field<uint64_t>(j, "program_index");
  return c;
}

}  // namespace lineup::hunt
