// A failing case as JSON: the one reader and writer of what a counterexample file
// (lineup/corpus/counterexample.*) and a worker's violation line (parallel.*) share: the
// program with calls in the model's words, the schedule, the kind, the results, the
// preemptions, the signature, the sealed functions and the program's index; and of the
// settings a replay needs (ReplaySettings). Every reader throws CaseFormatError naming the field
// it could not use.
#pragma once

#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>

#include "engine/schedule.h"
#include "lineup/hunt/hunt.h"
#include "specs/model.h"
#include "specs/test_program.h"

namespace lineup::hunt {

/// JSON that cannot be read as a failing case: "field 'NAME': what is wrong".
class CaseFormatError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Throws CaseFormatError("field 'FIELD': WHAT").
[[noreturn]] inline void bad_field(const std::string& field, const std::string& what) {
  throw CaseFormatError("field '" + field + "': " + what);
}

/// j[field]; throws CaseFormatError when j is no object or has no such field.
inline const nlohmann::json& need_field(const nlohmann::json& j, const std::string& field) {
  if (!j.is_object() || !j.contains(field)) bad_field(field, "missing");
  return j.at(field);
}

/// j[field] as a T; throws CaseFormatError when it is missing or of another type.
template <class T>
T get_field(const nlohmann::json& j, const std::string& field) {
  const nlohmann::json& v = need_field(j, field);
  try {
    return v.get<T>();
  } catch (const nlohmann::json::exception&) {
    bad_field(field, "has the wrong type (" + std::string(v.type_name()) + ")");
  }
}

/// "push(1)" -> Operation under `model`; throws CaseFormatError.
specs::Operation parse_call(const specs::Model& model, const std::string& text);

/// {"init": [calls], "threads": [[calls], ...]}, calls in the model's words.
nlohmann::json program_json(const specs::Model& model, const specs::TestProgram& p);
/// Reads what program_json() wrote; `field` names it in errors. At most checker::kMaxCalls
/// calls.
specs::TestProgram parse_program(const specs::Model& model, const nlohmann::json& j,
                                 const std::string& field);

/// A schedule token (engine::Schedule::to_token); `field` names it in errors.
engine::Schedule parse_schedule(const std::string& token, const std::string& field);

/// Writes `s` into the object `j`. Keys that are not always written are written only when
/// they differ from their default, so that files written before they existed read the same;
/// absent reads as the default.
void write_replay_settings(const ReplaySettings& s, nlohmann::json& j);
/// Reads what write_replay_settings() wrote, from a counterexample file of format `version`
/// (format 1 schedules have a step at every access to a thread's own stack).
ReplaySettings read_replay_settings(const nlohmann::json& j, int version);

/// The case's own fields (kind, program, schedule, results, preemptions, signature, sealed,
/// program_index) as one object.
nlohmann::json failing_case_json(const FailingCase& c, const specs::Model& model);
/// Reads what failing_case_json() wrote (other keys of `j` are ignored).
FailingCase parse_failing_case(const nlohmann::json& j, const specs::Model& model);

}  // namespace lineup::hunt
