// Violation kinds and their names: the words counterexample files and JSON are made of.
#include "lineup/hunt/violation_kind.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

namespace lineup::hunt {
namespace {

const engine::Outcome kOutcomes[] = {
    engine::Outcome::kCompleted,    engine::Outcome::kDeadlock,
    engine::Outcome::kStepLimit,    engine::Outcome::kCrash,
    engine::Outcome::kUseAfterFree, engine::Outcome::kDoubleFree,
    engine::Outcome::kInvalidFree,  engine::Outcome::kUncaughtException,
    engine::Outcome::kDivergence,   engine::Outcome::kAbandoned,
    engine::Outcome::kHang,         engine::Outcome::kDataRace,
    engine::Outcome::kProcessExit,  engine::Outcome::kUnsupportedCall,
};

TEST(ViolationKind, EveryFailedOutcomeIsAKindNamedAsTheEngineNamesIt) {
  std::set<ViolationKind> kinds;
  for (engine::Outcome o : kOutcomes) {
    engine::ExecutionResult r;
    r.outcome = o;
    if (!r.failed()) {
      EXPECT_THROW(violation_kind(o), std::logic_error) << engine::to_string(o);
      continue;
    }
    ViolationKind k = violation_kind(o);
    EXPECT_STREQ(to_string(k), engine::to_string(o));
    kinds.insert(k);
  }
  EXPECT_EQ(kinds.size(), 12u);  // distinct kinds for distinct outcomes
}

TEST(ViolationKind, NamesParseBackAndNothingElseParses) {
  std::set<std::string> names;
  for (int i = 0; i <= static_cast<int>(ViolationKind::kUnsupportedCall); ++i) {
    ViolationKind k = static_cast<ViolationKind>(i);
    std::string name = to_string(k);
    EXPECT_NE(name, "?");
    EXPECT_EQ(parse_violation_kind(name), k) << name;
    names.insert(name);
  }
  EXPECT_EQ(names.size(), 16u);
  EXPECT_EQ(to_string(ViolationKind::kMissingSynchronization),
            std::string("missing synchronization"));
  EXPECT_EQ(to_string(ViolationKind::kNotLinearizable), std::string("not linearizable"));
  for (const char* other : {"", "completed", "abandoned", "Not linearizable", "crash "}) {
    EXPECT_EQ(parse_violation_kind(other), std::nullopt) << other;
  }
}

}  // namespace
}  // namespace lineup::hunt
