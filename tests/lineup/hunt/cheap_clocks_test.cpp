// The hunt's cheap clocks against steady_clock: the coarse clock never runs ahead of it, and
// the interval timer adds up no more than the time that passed around it.
#include "lineup/hunt/cheap_clocks.h"

#include <gtest/gtest.h>

#include <chrono>

namespace lineup::hunt {
namespace {

double steady_seconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

TEST(CheapClocks, TheCoarseClockNeverRunsAheadOfTheSteadyOne) {
  double last = 0;
  for (int i = 0; i < 100000; ++i) {
    const double coarse = coarse_seconds();
    EXPECT_GE(coarse, last);
    EXPECT_LE(coarse, steady_seconds());
    last = coarse;
  }
}

TEST(CheapClocks, AnIntervalTimerWithNothingTimedReadsZero) {
  IntervalTimer timer;
  volatile uint64_t sink = 0;
  for (int i = 0; i < 100000; ++i) sink = sink + static_cast<uint64_t>(i);
  EXPECT_EQ(timer.seconds(), 0.0);
}

TEST(CheapClocks, AnIntervalTimerAddsUpNoMoreThanThePassingTime) {
  const auto before = std::chrono::steady_clock::now();
  IntervalTimer timer;
  volatile uint64_t sink = 0;
  for (int round = 0; round < 50; ++round) {
    timer.start();
    for (int i = 0; i < 20000; ++i) sink = sink + static_cast<uint64_t>(i);
    timer.stop();
    for (int i = 0; i < 20000; ++i) sink = sink + static_cast<uint64_t>(i);
  }
  const double timed = timer.seconds();
  const double passed =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - before).count();
  EXPECT_GT(timed, 0.0);
  EXPECT_LT(timed, passed);  // half of the work ran untimed
}

}  // namespace
}  // namespace lineup::hunt
