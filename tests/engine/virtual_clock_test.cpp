// The virtual clock on its own: where each clock starts, and how readings and sleeps move it.
#include "engine/waiting/virtual_clock.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <climits>
#include <vector>

namespace lineup::engine {
namespace {

int64_t ns(const timespec& t) { return t.tv_sec * 1000000000LL + t.tv_nsec; }

TEST(VirtualClock, ClocksStartAtFixedInstantsAndEachReadingTicks) {
  VirtualClock c;
  EXPECT_EQ(ns(c.read(CLOCK_MONOTONIC)), VirtualClock::kMonotonicStartNs);
  EXPECT_EQ(ns(c.read(CLOCK_REALTIME)), VirtualClock::kRealtimeStartNs + VirtualClock::kTickNs);
  EXPECT_EQ(ns(c.read(CLOCK_THREAD_CPUTIME_ID)), 2 * VirtualClock::kTickNs);
  EXPECT_EQ(c.elapsed_ns(), 3 * VirtualClock::kTickNs);
  c.reset();
  EXPECT_EQ(ns(c.read(CLOCK_BOOTTIME)), VirtualClock::kMonotonicStartNs);
}

TEST(VirtualClock, SleepsMoveItOnAndDeadlinesInThePastDoNot) {
  VirtualClock c;
  c.sleep(timespec{2, 500});
  EXPECT_EQ(c.elapsed_ns(), 2000000500);
  c.sleep(-7);
  EXPECT_EQ(c.elapsed_ns(), 2000000500);
  c.sleep_until({CLOCK_MONOTONIC, timespec{3600 + 5, 0}});
  EXPECT_EQ(c.elapsed_ns(), 5000000000);
  c.sleep_until({CLOCK_REALTIME, timespec{VirtualClock::kRealtimeStartNs / 1000000000LL + 1, 0}});
  EXPECT_EQ(c.elapsed_ns(), 5000000000);
  EXPECT_EQ(c.remaining_ns({CLOCK_MONOTONIC, timespec{3600 + 6, 0}}), 1000000000);
}

TEST(VirtualClock, FarDeadlinesSaturateInsteadOfOverflowing) {
  VirtualClock c;
  c.sleep_until({CLOCK_MONOTONIC, timespec{LONG_MAX, 999999999}});
  int64_t far = c.elapsed_ns();
  EXPECT_GT(far, 100LL * 365 * 24 * 3600 * 1000000000LL);
  c.sleep(timespec{LONG_MAX, 0});
  EXPECT_GE(c.elapsed_ns(), far);
  EXPECT_GT(ns(c.read(CLOCK_REALTIME)), VirtualClock::kRealtimeStartNs);
}

TEST(VirtualClock, OnlyTheSystemClocksAreModelled) {
  for (clockid_t id : {CLOCK_REALTIME, CLOCK_MONOTONIC, CLOCK_MONOTONIC_RAW, CLOCK_BOOTTIME,
                       CLOCK_PROCESS_CPUTIME_ID, CLOCK_REALTIME_COARSE}) {
    EXPECT_TRUE(VirtualClock::models(id)) << id;
  }
  EXPECT_FALSE(VirtualClock::models(-3));  // a dynamic (device) clock
}

// Any mix of readings and sleeps: readings never go back, each is at least the previous one
// plus the sleeps between them plus a tick, and a sleep until a deadline wakes at or after it.
RC_GTEST_PROP(VirtualClock, ReadingsFollowTheSleeps, (const std::vector<int>& ops)) {
  VirtualClock c;
  int64_t last = -1, slept = 0;
  for (int op : ops) {
    int64_t size = op < 0 ? -int64_t{op} : op;
    int kind = static_cast<int>(size % 3);
    if (kind == 0) {
      int64_t now = ns(c.read(CLOCK_MONOTONIC));
      if (last >= 0) RC_ASSERT(now >= last + VirtualClock::kTickNs + slept);
      last = now;
      slept = 0;
    } else if (kind == 1) {
      c.sleep(size);
      slept += size;
    } else {
      Deadline at{CLOCK_MONOTONIC, {static_cast<time_t>(3600 + size % 100), 0}};
      int64_t before = c.elapsed_ns();
      c.sleep_until(at);
      RC_ASSERT(c.remaining_ns(at) <= 0);
      slept += c.elapsed_ns() - before;
    }
  }
}

}  // namespace
}  // namespace lineup::engine
