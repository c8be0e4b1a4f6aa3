// Spin detection, block_until and deadlock reports.
#include <gtest/gtest.h>

#include "engine/engine.h"
#include "engine/strategy/dpor.h"
#include "engine/strategy/random.h"
#include "fixtures/fixtures.h"
#include "test_runs.h"
#include "test_strategies.h"

namespace lineup::engine {
namespace {

using testing::run_non_preemptive;

TEST(Waiting, SpinOnFlagTerminatesWithoutPreemption) {
  // T0 runs first and would spin forever under a non-preemptive schedule; spin detection
  // blocks it until T1 writes the flag.
  Engine engine;
  Program p = fixtures::spin_on_flag();
  testing::NonPreemptive strategy;
  ASSERT_TRUE(strategy.begin_execution());
  const ExecutionResult& r = engine.run(p, strategy);
  EXPECT_EQ(r.outcome, Outcome::kCompleted) << r.message;
  // T0 reads the flag twice (the second read repeats the first and blocks), T1 stores, T0
  // reads it set.
  ASSERT_FALSE(r.trace.steps.empty());
  EXPECT_EQ(r.trace.steps.front().thread, 0);
  EXPECT_LT(r.trace.steps.size(), 40u);
}

// A waiter spinning on a node on its own stack that another thread releases (liburcu's grace
// period waiters, MCS locks) is blocked like one spinning on shared memory: without preemption
// the releaser runs. Were own-stack reads never a spin, T0 would run into the step limit.
TEST(Waiting, SpinOnAnAtomicNodeOnTheOwnStackIsASpin) {
  Engine engine;
  ExecutionResult r = run_non_preemptive(engine, fixtures::spin_on_stack_node(true));
  EXPECT_EQ(r.outcome, Outcome::kCompleted) << r.message;
  EXPECT_EQ(r.spin_blocks, 1u);  // T0 on its node; T1 then finds the pointer set
  EXPECT_LT(r.trace.steps.size(), 40u);
}

TEST(Waiting, SpinOnAPlainNodeOnTheOwnStackThatAnotherThreadReadIsASpin) {
  Engine engine;
  ExecutionResult r = run_non_preemptive(engine, fixtures::spin_on_stack_node(false));
  EXPECT_EQ(r.outcome, Outcome::kCompleted) << r.message;
  EXPECT_LT(r.trace.steps.size(), 60u);
}

TEST(Waiting, RewritingLocalsWithTheSameValuesIsStillASpin) {
  Engine engine;
  ExecutionResult r = run_non_preemptive(engine, fixtures::spin_rewriting_locals());
  EXPECT_EQ(r.outcome, Outcome::kCompleted) << r.message;
  EXPECT_LT(r.trace.steps.size(), 60u);
}

TEST(Waiting, ALoopCountingOnItsStackIsNotASpin) {
  // The flag reads repeat, but the counter's writes differ: T0 gives up before T1 runs.
  Engine engine;
  bool gave_up = false;
  ExecutionResult r = run_non_preemptive(engine, fixtures::bounded_retry(&gave_up));
  EXPECT_EQ(r.outcome, Outcome::kCompleted) << r.message;
  EXPECT_TRUE(gave_up);
}

TEST(Waiting, WritesToSpinNeutralMemoryAreNotProgress) {
  Engine plain;
  plain.options().step_limit = 2000;
  EXPECT_EQ(run_non_preemptive(plain, fixtures::spin_with_bookkeeping()).outcome,
            Outcome::kStepLimit);
  Engine neutral;
  neutral.options().spin_neutral_ranges.push_back(fixtures::bookkeeping_range());
  ExecutionResult r = run_non_preemptive(neutral, fixtures::spin_with_bookkeeping());
  EXPECT_EQ(r.outcome, Outcome::kCompleted) << r.message;
  EXPECT_LT(r.trace.steps.size(), 60u);
}

TEST(Waiting, ClaimingAndReleasingSharedMemoryEveryRoundIsStillASpin) {
  Engine engine;
  engine.options().step_limit = 2000;
  ExecutionResult r = run_non_preemptive(engine, fixtures::spin_claiming_flag());
  EXPECT_EQ(r.outcome, Outcome::kCompleted) << r.message;
  EXPECT_LT(r.trace.steps.size(), 60u);
}

TEST(Waiting, ThreadsClaimingOneFlagWhileWaitingOnEachOtherAreReportedAsDeadlock) {
  // Each one's claim briefly changes what the other waits on, and its release restores it:
  // neither ever sees a new value.
  Engine engine;
  engine.options().step_limit = 100000;
  RandomStrategy strategy(11, 20);
  int deadlocks = 0;
  engine.explore(fixtures::spin_claiming_on_each_other(), strategy, [&](const ExecutionResult& r) {
    EXPECT_EQ(r.outcome, Outcome::kDeadlock) << r.message;
    deadlocks += r.outcome == Outcome::kDeadlock;
    return true;
  });
  EXPECT_EQ(deadlocks, 20);
}

TEST(Waiting, ThreadsSpinningOnEachOtherAreReportedAsDeadlock) {
  Engine engine;
  Program p = fixtures::spin_on_each_other();
  RandomStrategy strategy(7, 50);
  int deadlocks = 0;
  engine.explore(p, strategy, [&](const ExecutionResult& r) {
    EXPECT_EQ(r.outcome, Outcome::kDeadlock) << r.message;
    if (r.outcome == Outcome::kDeadlock) {
      ++deadlocks;
      EXPECT_NE(r.message.find("T0 spins"), std::string::npos) << r.message;
      EXPECT_NE(r.message.find("T1 spins"), std::string::npos) << r.message;
    }
    return true;
  });
  EXPECT_EQ(deadlocks, 50);
}

// Explores every class of `p` with DPOR; each execution must complete. Returns their number.
uint64_t explore_all_completing(const Program& p) {
  Engine engine;
  DporStrategy dpor;
  uint64_t n = engine.explore(p, dpor, [&](const ExecutionResult& r) {
    EXPECT_EQ(r.outcome, Outcome::kCompleted) << r.message;
    return r.ok();
  });
  EXPECT_TRUE(dpor.coverage().exhaustive()) << dpor.stop_reason();
  return n;
}

TEST(Waiting, ASleepInControlledCodeReturnsAtOnceAndChangesNoExploration) {
  // Each nap asks for an hour: really slept, the exploration would not end, and the watchdog
  // interrupting it would add an errno read to some runs of a schedule and not to others.
  uint64_t spinning = explore_all_completing(fixtures::spin_on_flag());
  EXPECT_GT(spinning, 1u);
  for (fixtures::Nap nap :
       {fixtures::Nap::kSleepFor, fixtures::Nap::kNanosleep, fixtures::Nap::kClockNanosleep,
        fixtures::Nap::kUsleep, fixtures::Nap::kSleep, fixtures::Nap::kPoll}) {
    SCOPED_TRACE(static_cast<int>(nap));
    EXPECT_EQ(explore_all_completing(fixtures::spin_sleeping_on_flag(nap)), spinning);
  }
}

TEST(Waiting, ThreadsAwaitingEachOtherAreReportedAsDeadlock) {
  Engine engine;
  Program p = fixtures::await_each_other();
  RandomStrategy strategy(3, 20);
  engine.explore(p, strategy, [&](const ExecutionResult& r) {
    EXPECT_EQ(r.outcome, Outcome::kDeadlock) << r.message;
    EXPECT_NE(r.message.find("T0 waits in block_until"), std::string::npos) << r.message;
    return true;
  });
}

TEST(Waiting, CorrectSpinlockNeverReportsADeadlock) {
  Engine engine;
  int count = 0;
  Program p = fixtures::spinlock_counter(&count);
  RandomStrategy strategy(11, 2000);
  uint64_t n = engine.explore(p, strategy, [&](const ExecutionResult& r) {
    EXPECT_EQ(r.outcome, Outcome::kCompleted) << r.message;
    EXPECT_EQ(count, 3);
    return r.ok();
  });
  EXPECT_EQ(n, 2000u);
  testing::NonPreemptive np;
  ASSERT_TRUE(np.begin_execution());
  EXPECT_EQ(engine.run(p, np).outcome, Outcome::kCompleted);
}

// C++20 waits park the OS thread with a futex syscall after polling; in controlled code the
// waiting logical thread is blocked until the futex word changes or a wake is issued.
class Cxx20Waits : public ::testing::TestWithParam<fixtures::Cxx20Wait> {};

TEST_P(Cxx20Waits, EndInEveryClass) {
  fixtures::Values passed;
  Program p = fixtures::cxx20_wait_program(GetParam(), &passed);
  std::vector<int> expected;
  switch (GetParam()) {
    case fixtures::Cxx20Wait::kAtomicWait:
      expected = {1};
      break;
    case fixtures::Cxx20Wait::kWideAtomicWait:
      expected = {2};
      break;
    case fixtures::Cxx20Wait::kSemaphore:
      expected = {3};
      break;
    case fixtures::Cxx20Wait::kLatch:
      expected = {1, 2, 3};
      break;
    default:
      expected = {1, 2};
  }
  uint64_t completed =
      testing::explore_every_class(p, [&] { EXPECT_EQ(passed.sorted(), expected); });
  EXPECT_GT(completed, 1u);
}

INSTANTIATE_TEST_SUITE_P(Kinds, Cxx20Waits,
                         ::testing::Values(fixtures::Cxx20Wait::kAtomicWait,
                                           fixtures::Cxx20Wait::kWideAtomicWait,
                                           fixtures::Cxx20Wait::kSemaphore,
                                           fixtures::Cxx20Wait::kLatch,
                                           fixtures::Cxx20Wait::kBarrier));

TEST(Waiting, AFutexWaitNobodyEndsIsADeadlock) {
  fixtures::Values passed;
  Engine engine;
  ExecutionResult r = run_non_preemptive(
      engine, fixtures::cxx20_wait_program(fixtures::Cxx20Wait::kNobodyNotifies, &passed));
  EXPECT_EQ(r.outcome, Outcome::kDeadlock) << r.message;
  EXPECT_NE(r.message.find("T0 waits in a futex wait"), std::string::npos) << r.message;
}

}  // namespace
}  // namespace lineup::engine
