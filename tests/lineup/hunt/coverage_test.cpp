// What a hunt's summary says it did not cover: capped programs, an unfinished bound, and
// stacks reached through a pointer no hook saw, alone and together.
#include "lineup/hunt/coverage.h"

#include <gtest/gtest.h>

#include <string>

#include "engine/strategy/coverage.h"

namespace lineup::hunt {
namespace {

HuntOptions cbdpor_bound_2() {
  HuntOptions o;
  o.search.strategy = engine::StrategyKind::kCbDpor;
  o.search.bound = 2;
  return o;
}

HuntResult finished(int bound_completed) {
  HuntResult r;
  r.programs = 3;
  r.bound_completed = bound_completed;
  return r;
}

TEST(Coverage, ACompletedBoundIsCoveredWithNothingToSay) {
  HuntResult r = finished(2);
  EXPECT_TRUE(bound_covered(r, cbdpor_bound_2()));
  EXPECT_EQ(incomplete_coverage(r, cbdpor_bound_2()), "");
}

TEST(Coverage, AStackReachedUnseenTakesTheClaimAwayFromACompletedBound) {
  HuntResult r = finished(2);
  r.late_stack_publications = 2;
  EXPECT_FALSE(bound_covered(r, cbdpor_bound_2()));
  EXPECT_EQ(incomplete_coverage(r, cbdpor_bound_2()),
            "the coverage of the bound is not assured: a thread reached another's stack through "
            "a pointer no hook saw (uninstrumented code) 2 times, and that stack's accesses "
            "before then were no steps (--private-stack-steps makes them steps)");
  EXPECT_NE(coverage_counts(r).find(", 2 stacks reached through a pointer no hook saw"),
            std::string::npos)
      << coverage_counts(r);
}

TEST(Coverage, AnUnfinishedBoundIsSaidFirst) {
  HuntResult r = finished(1);
  r.programs_capped = 1;
  EXPECT_EQ(incomplete_coverage(r, cbdpor_bound_2()),
            "bound 2 was not completed: 1 program hit --executions");
  r.late_stack_publications = 1;
  EXPECT_EQ(incomplete_coverage(r, cbdpor_bound_2()),
            "bound 2 was not completed: 1 program hit --executions; a thread reached another's "
            "stack through a pointer no hook saw (uninstrumented code) 1 time, and that stack's "
            "accesses before then were no steps (--private-stack-steps makes them steps)");
  EXPECT_EQ(coverage_counts(finished(2)).find("stack"), std::string::npos);
}

TEST(Coverage, AProgramThatMayMissClassesTakesTheClaimAwayFromAnExhaustiveSearch) {
  HuntOptions o;
  o.search.strategy = engine::StrategyKind::kDpor;
  HuntResult r = finished(engine::Coverage::kExhaustive);
  EXPECT_TRUE(bound_covered(r, o));
  r.programs_missing_classes = 2;
  EXPECT_FALSE(bound_covered(r, o));
  EXPECT_EQ(incomplete_coverage(r, o),
            "the coverage of the bound is not assured: the search of 2 programs may have missed "
            "equivalence classes (optimal DPOR found a thread of a wakeup sequence blocked, or "
            "reversed a race with a compare-exchange whose outcome it could not tell)");
  EXPECT_NE(coverage_counts(r).find(", 2 programs may miss equivalence classes"), std::string::npos)
      << coverage_counts(r);
  EXPECT_EQ(coverage_counts(finished(2)).find("equivalence"), std::string::npos);
}

TEST(Coverage, SamplingStrategiesClaimNoBound) {
  HuntOptions o = cbdpor_bound_2();
  o.search.strategy = engine::StrategyKind::kRandom;
  HuntResult r = finished(2);
  r.late_stack_publications = 1;
  EXPECT_FALSE(bound_covered(r, o));
  EXPECT_EQ(incomplete_coverage(r, o), "");
}

}  // namespace
}  // namespace lineup::hunt
