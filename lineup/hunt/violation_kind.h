// What a violation is: a verdict of the check, or a failed execution (an engine outcome).
#pragma once

#include <optional>
#include <ostream>
#include <string_view>

#include "engine/outcome.h"

namespace lineup::hunt {

enum class ViolationKind {
  // Verdicts of the check.
  kNotLinearizable,           // no serial order of the calls explains their results
  kNotSerializable,           // --spec serial: running the calls one at a time fails
  kNondeterministicSerially,  // --spec serial: one serial order gives different results
  kMissingSynchronization,    // c11 mode: a promised happens-before (synchronizes) is missing
  // Executions that failed (engine::Outcome of the same name).
  kDeadlock,
  kStepLimit,
  kCrash,
  kUseAfterFree,
  kDoubleFree,
  kInvalidFree,
  kUncaughtException,
  kDivergence,
  kHang,
  kDataRace,
  kProcessExit,
  kUnsupportedCall,
};

/// "not linearizable", "crash", ...: the words of reports, counterexample files and JSON
/// (an outcome's kind is engine::to_string of the outcome).
const char* to_string(ViolationKind kind);

/// The kind whose to_string is `text`, if any.
std::optional<ViolationKind> parse_violation_kind(std::string_view text);

/// The kind of an execution that ended with `outcome`; requires ExecutionResult::failed().
ViolationKind violation_kind(engine::Outcome outcome);

inline std::ostream& operator<<(std::ostream& out, ViolationKind kind) {
  return out << to_string(kind);
}

}  // namespace lineup::hunt
