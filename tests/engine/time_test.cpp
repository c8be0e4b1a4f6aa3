// Controlled code's clock: fixed readings, sleeps and timed waits that move it, and deadline
// loops that end; code outside executions keeps the system's clock.
#include <gtest/gtest.h>

#include <cerrno>
#include <chrono>
#include <thread>

#include "engine/engine.h"
#include "engine/waiting/virtual_clock.h"
#include "fixtures/fixtures.h"
#include "test_runs.h"
#include "test_strategies.h"

namespace lineup::engine {
namespace {

using testing::run_non_preemptive;

constexpr int64_t kTick = VirtualClock::kTickNs;
constexpr int64_t kSecond = 1000000000LL;

TEST(Time, EveryExecutionReadsTheSameClockFromTheSameStart) {
  Engine engine;
  fixtures::TimeSeen seen;
  Program p = fixtures::timing_program(fixtures::Timing::kClockReadings, &seen);
  for (int run = 0; run < 3; ++run) {
    ASSERT_EQ(run_non_preemptive(engine, p).outcome, Outcome::kCompleted);
    EXPECT_EQ(seen.readings[0], VirtualClock::kMonotonicStartNs);
    EXPECT_EQ(seen.readings[1], VirtualClock::kMonotonicStartNs + kTick);
    EXPECT_EQ(seen.readings[2], VirtualClock::kRealtimeStartNs + 2 * kTick);
    EXPECT_EQ(seen.readings[3], VirtualClock::kRealtimeStartNs / kSecond);
    EXPECT_EQ(seen.readings[4], VirtualClock::kMonotonicStartNs + 4 * kTick);
  }
}

// The hunt's per-class verdict cache is used only for executions whose threads read no clock
// (virtual_clock.h): the result counts exactly the threads' readings, not setup's or
// teardown's.
TEST(Time, AnExecutionCountsTheClockReadingsOfItsThreads) {
  Engine engine;
  fixtures::TimeSeen seen;
  Program p = fixtures::timing_program(fixtures::Timing::kClockReadings, &seen);
  const ExecutionResult& r = run_non_preemptive(engine, p);
  ASSERT_EQ(r.outcome, Outcome::kCompleted);
  EXPECT_EQ(r.clock_readings, 3u);
  Program q = fixtures::smoke_program("boost-queue", 2, 2).program;
  EXPECT_EQ(run_non_preemptive(engine, q).clock_readings, 0u);
}

TEST(Time, OutsideExecutionsTheClockIsTheSystems) {
  Engine engine;
  fixtures::TimeSeen seen;
  ASSERT_EQ(
      run_non_preemptive(engine, fixtures::timing_program(fixtures::Timing::kClockReadings, &seen))
          .outcome,
      Outcome::kCompleted);
  auto before = std::chrono::steady_clock::now();
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_GE(std::chrono::steady_clock::now() - before, std::chrono::milliseconds(20));
  timespec boot;
  clock_gettime(CLOCK_BOOTTIME, &boot);
  EXPECT_NE(boot.tv_sec * kSecond + boot.tv_nsec, VirtualClock::kMonotonicStartNs);
}

TEST(Time, SleepsMoveTheClockSoDeadlineLoopsEnd) {
  Engine engine;
  fixtures::TimeSeen seen;
  ASSERT_EQ(run_non_preemptive(
                engine, fixtures::timing_program(fixtures::Timing::kSleepingToDeadlines, &seen))
                .outcome,
            Outcome::kCompleted);
  // Readings at 0, 3, 6, 9 s are before the 10 s deadline, the one at 12 s is past it (each
  // a few ticks later).
  EXPECT_EQ(seen.results[0], 4);
  EXPECT_GE(seen.readings[0], 2 * kSecond);
  EXPECT_LT(seen.readings[0], 2 * kSecond + 10 * kTick);
  // sleep_until woke at its deadline; the 5 ms poll saw every microsecond but the first.
  EXPECT_GE(seen.readings[1], 0);
  EXPECT_LT(seen.readings[1], 10 * kTick);
  EXPECT_EQ(seen.results[1], 5000000 / kTick - 1);
}

TEST(Time, SleepersSharingTheClockAllEnd) {
  // Each sleep moves the one clock of the execution, so a thread may do fewer rounds when the
  // other's sleeps come between its readings; at least one each.
  fixtures::TimeSeen seen;
  uint64_t n = testing::explore_every_class(
      fixtures::timing_program(fixtures::Timing::kSleepersCountingRounds, &seen), [&] {
        EXPECT_GE(seen.count, 2);
        EXPECT_LE(seen.count, 8);
      });
  EXPECT_GT(n, 1u);
}

TEST(Time, AConditionWaitWithNoSignalTimesOutAtItsDeadline) {
  fixtures::TimeSeen seen;
  testing::explore_every_class(
      fixtures::timing_program(fixtures::Timing::kWaitingForASignalInVain, &seen), [&] {
        EXPECT_EQ(seen.results[0], 0);  // wait_for returned false: timed out, predicate false
        EXPECT_GE(seen.readings[0], 3600 * kSecond);
        EXPECT_LT(seen.readings[0], 3600 * kSecond + 10 * kTick);
      });
}

TEST(Time, TheEarliestDeadlineTimesOutFirst) {
  fixtures::TimeSeen seen;
  uint64_t n = testing::explore_every_class(
      fixtures::timing_program(fixtures::Timing::kWaitsWithTwoDeadlines, &seen), [&] {
        ASSERT_EQ(seen.count, 2);
        EXPECT_EQ(seen.results[0], 1);  // T1, waiting 1 s
        EXPECT_EQ(seen.results[1], 0);  // T0, waiting 10 s
      });
  EXPECT_GT(n, 1u);  // including executions where T0 waits first
}

TEST(Time, ATimedWaitUsesItsConditionVariablesClock) {
  fixtures::TimeSeen seen;
  testing::explore_every_class(
      fixtures::timing_program(fixtures::Timing::kTimedWaitsOnEachClock, &seen), [&] {
        EXPECT_EQ(seen.results[0], ETIMEDOUT);
        EXPECT_EQ(seen.results[1], ETIMEDOUT);
        // Each wait took its timeout, measured on its own clock.
        int64_t monotonic = seen.readings[1] - seen.readings[0];
        int64_t realtime = seen.readings[3] - seen.readings[2];
        EXPECT_GE(monotonic, 2 * kSecond);
        EXPECT_LT(monotonic, 2 * kSecond + 10 * kTick);
        EXPECT_GE(realtime, 3 * kSecond);
        EXPECT_LT(realtime, 3 * kSecond + 10 * kTick);
      });
}

TEST(Time, TimedMutexesAreModelledLocks) {
  fixtures::TimeSeen seen;
  uint64_t n = testing::explore_every_class(
      fixtures::timing_program(fixtures::Timing::kTimedMutexCounter, &seen),
      [&] { EXPECT_EQ(seen.count, 2); });
  EXPECT_GT(n, 1u);
}

}  // namespace
}  // namespace lineup::engine
