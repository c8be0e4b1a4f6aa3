// A failing case as JSON: the one reader and writer of what a counterexample file
// (lineup/corpus/counterexample.*) and a worker's violation line (parallel.*) share: the
// program with calls in the model's words, the schedule, the kind, the results, the
// preemptions, the signature, the sealed functions and the program's index; and of the
// settings a replay needs (ReplaySettings). Every reader throws CaseFormatError naming the field
// it could not use.
#pragma once

#include <cstdint>
#include <limits>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

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

/// j[key], named `field` in errors ("original.program" for the key "program").
inline const nlohmann::json& need_field(const nlohmann::json& j, const std::string& key,
                                        const std::string& field) {
  if (!j.is_object() || !j.contains(key)) bad_field(field, "missing");
  return j.at(key);
}

/// Throws CaseFormatError("field 'FIELD': has the wrong type (TYPE)") for `v`.
[[noreturn]] inline void wrong_type(const std::string& field, const nlohmann::json& v) {
  bad_field(field, "has the wrong type (" + std::string(v.type_name()) + ")");
}

namespace case_json_detail {
template <class T>
inline constexpr bool kIsVector = false;
template <class T>
inline constexpr bool kIsVector<std::vector<T>> = true;
template <class T>
inline constexpr bool kUnsupported = false;
}  // namespace case_json_detail

/// `v` as the integer type T, named `field` in errors: an integer JSON number (no fraction or
/// exponent, not a boolean) within T's range; throws CaseFormatError otherwise.
template <class T>
T read_integer(const nlohmann::json& v, const std::string& field) {
  if (v.is_number_float()) bad_field(field, "is not an integer (" + v.dump() + ")");
  if (!v.is_number_integer()) wrong_type(field, v);
  bool in_range = v.is_number_unsigned() ? std::in_range<T>(v.get<uint64_t>())
                                         : std::in_range<T>(v.get<int64_t>());
  if (!in_range) {
    bad_field(field, v.dump() + " is out of range (" +
                         std::to_string(std::numeric_limits<T>::min()) + " to " +
                         std::to_string(std::numeric_limits<T>::max()) + ")");
  }
  return v.get<T>();
}

/// `v` as a T, named `field` in errors; throws CaseFormatError unless it is exactly that: bool
/// and std::string need that JSON type; an integer type, an integer within its range
/// (read_integer); double, a number; std::vector<E>, a list whose elements each read as an E,
/// element i named FIELD[i].
template <class T>
T read_value(const nlohmann::json& v, const std::string& field) {
  if constexpr (std::is_same_v<T, bool>) {
    if (!v.is_boolean()) wrong_type(field, v);
    return v.get<bool>();
  } else if constexpr (std::is_integral_v<T>) {
    return read_integer<T>(v, field);
  } else if constexpr (std::is_same_v<T, double>) {
    if (!v.is_number()) wrong_type(field, v);
    return v.get<double>();
  } else if constexpr (std::is_same_v<T, std::string>) {
    if (!v.is_string()) wrong_type(field, v);
    return v.get<std::string>();
  } else if constexpr (case_json_detail::kIsVector<T>) {
    if (!v.is_array()) wrong_type(field, v);
    T out;
    out.reserve(v.size());
    for (size_t i = 0; i < v.size(); ++i) {
      out.push_back(
          read_value<typename T::value_type>(v[i], field + "[" + std::to_string(i) + "]"));
    }
    return out;
  } else {
    static_assert(case_json_detail::kUnsupported<T>, "read_value reads no such type");
  }
}

/// j[field] as a T (read_value); throws CaseFormatError when it is missing or not a T.
template <class T>
T get_field(const nlohmann::json& j, const std::string& field) {
  return read_value<T>(need_field(j, field), field);
}

/// j[field] as a count: an int that is not negative; throws CaseFormatError otherwise.
inline int get_count(const nlohmann::json& j, const std::string& field) {
  int n = get_field<int>(j, field);
  if (n < 0) bad_field(field, std::to_string(n) + " is negative");
  return n;
}

/// Parses JSON text; throws CaseFormatError when it is not JSON (a syntax error, a number
/// beyond double's range such as 1e999), naming the field being read where the text fails
/// ("field 'results[1]': not valid JSON (number overflow parsing '1e999')").
nlohmann::json parse_json(const std::string& text);

/// "push(1)" -> Operation under `model`; throws CaseFormatError.
specs::Operation parse_call(const specs::Model& model, const std::string& text);

/// {"init": [calls], "threads": [[calls], ...]}, calls in the model's words.
nlohmann::json program_json(const specs::Model& model, const specs::TestProgram& p);
/// Reads what program_json() wrote; `field` names it in errors. At most checker::kMaxCalls
/// calls.
specs::TestProgram parse_program(const specs::Model& model, const nlohmann::json& j,
                                 const std::string& field);

/// A schedule token (engine::Schedule::to_token) within the caps of engine/schedule.h;
/// `field` names it in errors.
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
