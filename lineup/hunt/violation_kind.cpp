#include "lineup/hunt/violation_kind.h"

#include <optional>
#include <stdexcept>
#include <string>

namespace lineup::hunt {
namespace {

// Every kind, with the engine outcome it stands for (none for the check's verdicts).
struct KindRow {
  ViolationKind kind;
  const char* verdict;  // the name of a verdict; nullptr for an outcome (named by the engine)
  engine::Outcome outcome;
};

constexpr KindRow kKinds[] = {
    {ViolationKind::kNotLinearizable, "not linearizable", engine::Outcome::kCompleted},
    {ViolationKind::kNotSerializable, "not serializable", engine::Outcome::kCompleted},
    {ViolationKind::kNondeterministicSerially, "nondeterministic serially",
     engine::Outcome::kCompleted},
    {ViolationKind::kMissingSynchronization, "missing synchronization",
     engine::Outcome::kCompleted},
    {ViolationKind::kDeadlock, nullptr, engine::Outcome::kDeadlock},
    {ViolationKind::kStepLimit, nullptr, engine::Outcome::kStepLimit},
    {ViolationKind::kCrash, nullptr, engine::Outcome::kCrash},
    {ViolationKind::kUseAfterFree, nullptr, engine::Outcome::kUseAfterFree},
    {ViolationKind::kDoubleFree, nullptr, engine::Outcome::kDoubleFree},
    {ViolationKind::kInvalidFree, nullptr, engine::Outcome::kInvalidFree},
    {ViolationKind::kUncaughtException, nullptr, engine::Outcome::kUncaughtException},
    {ViolationKind::kDivergence, nullptr, engine::Outcome::kDivergence},
    {ViolationKind::kHang, nullptr, engine::Outcome::kHang},
    {ViolationKind::kDataRace, nullptr, engine::Outcome::kDataRace},
    {ViolationKind::kProcessExit, nullptr, engine::Outcome::kProcessExit},
    {ViolationKind::kUnsupportedCall, nullptr, engine::Outcome::kUnsupportedCall},
};

const char* name(const KindRow& row) {
  return row.verdict != nullptr ? row.verdict : engine::to_string(row.outcome);
}

}  // namespace

const char* to_string(ViolationKind kind) {
  for (const KindRow& row : kKinds) {
    if (row.kind == kind) return name(row);
  }
  return "?";
}

std::optional<ViolationKind> parse_violation_kind(std::string_view text) {
  for (const KindRow& row : kKinds) {
    if (text == name(row)) return row.kind;
  }
  return std::nullopt;
}

ViolationKind violation_kind(engine::Outcome outcome) {
  for (const KindRow& row : kKinds) {
    if (row.verdict == nullptr && row.outcome == outcome) return row.kind;
  }
  throw std::logic_error(std::string("not a failed execution: ") + engine::to_string(outcome));
}

}  // namespace lineup::hunt
