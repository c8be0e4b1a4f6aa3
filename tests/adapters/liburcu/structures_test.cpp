// liburcu's stacks and queue, compiled from its own inline implementation with its portable
// atomics: each hunts a fixed number of programs without a violation, and the wait for a
// half-finished push or enqueue (a poll loop) is explored. A documented misuse of the same
// stack (concurrent __cds_lfs_pop, nodes freed at once) is found, which shows that liburcu's
// accesses are visible to the engine. The RCU hash table, with RCU's grace periods compiled from
// liburcu's source, hunts cleanly, and freeing a deleted node before a grace period is found.
#include <gtest/gtest.h>

#include "lineup/hunt/hunt.h"
#include "specs/structure.h"

namespace lineup {
namespace {

hunt::HuntResult hunt_programs(const std::string& name, uint64_t programs) {
  hunt::HuntOptions o;
  o.budget_seconds = 1e9;  // bounded by the number of programs, not by time
  o.max_programs = programs;
  o.search.executions_per_program = 2000;
  return hunt::hunt(*specs::find_target(name), o);
}

class Urcu : public ::testing::TestWithParam<std::string> {};

TEST_P(Urcu, HuntsCleanly) {
  hunt::HuntResult r = hunt_programs(GetParam(), 200);
  EXPECT_EQ(r.programs, 200u);
  EXPECT_TRUE(r.violations.empty()) << r.violations.front().report;
}

INSTANTIATE_TEST_SUITE_P(All, Urcu,
                         ::testing::Values("urcu/lfstack", "urcu/wfstack", "urcu/wfcqueue"),
                         [](const auto& info) { return std::string(info.param).substr(5); });

// A pop that finds the next link of a pushed node not yet written waits in a loop that reads it
// and polls; spin detection blocks the waiter until the pusher writes it.
TEST(Urcu, PopsWaitForHalfFinishedPushes) {
  EXPECT_GT(hunt_programs("urcu/wfstack", 20).spin_blocks, 0u);
  EXPECT_GT(hunt_programs("urcu/wfcqueue", 20).spin_blocks, 0u);
}

TEST(Urcu, ConcurrentUnserialisedPopsAreFound) {
  hunt::HuntResult r = hunt_programs("test/urcu-lfstack-unserialised-pop", 50);
  ASSERT_FALSE(r.violations.empty());
  EXPECT_TRUE(r.violations.front().kind == hunt::ViolationKind::kUseAfterFree ||
              r.violations.front().kind == hunt::ViolationKind::kNotLinearizable)
      << r.violations.front().report;
}

#ifdef LINEUP_HAVE_URCU_LFHT
// Every erase that deletes waits for a grace period: for the readers registered, each thread's
// thread-local record in liburcu's registry, to leave their critical sections. Waits for a
// reader, and for another thread's grace period to end, are spins that spin detection blocks.
TEST(UrcuLfht, HuntsCleanlyWaitingForGracePeriods) {
  hunt::HuntResult r = hunt_programs("urcu/lfht", 100);
  EXPECT_EQ(r.programs, 100u);
  EXPECT_TRUE(r.violations.empty()) << r.violations.front().report;
  EXPECT_GT(r.spin_blocks, 0u);
}

TEST(UrcuLfht, FreeingBeforeAGracePeriodIsAUseAfterFree) {
  hunt::HuntResult r = hunt_programs("test/urcu-lfht-no-grace-period", 50);
  ASSERT_FALSE(r.violations.empty());
  EXPECT_EQ(r.violations.front().kind, hunt::ViolationKind::kUseAfterFree)
      << r.violations.front().report;
}
#else
TEST(UrcuLfht, HuntsCleanlyWaitingForGracePeriods) {
  GTEST_SKIP() << "urcu/lfht is not built: liburcu's source was not available at configure time";
}
#endif

}  // namespace
}  // namespace lineup
