// POS (strategy/pos.h) against brute force: every execution it samples is a real one, it
// reaches every class of small programs, it is reproducible from its seed, and, unlike
// random walk, the steps of a thread that commute with a racing step do not change the odds
// of the race: with n independent steps before it, a thread wins the race for the first write
// to a cell with probability 1/(n+2) under POS and 2^-(n+1) under random walk.
#include "engine/strategy/pos.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <iostream>

#include "engine/strategy/random.h"
#include "fixtures/fixtures.h"
#include "sampling.h"

namespace lineup::engine {
namespace {

using fixtures::CellOp;
using fixtures::SmallProgram;

TEST(Pos, SamplesOnlyRealExecutionsAndReachesEveryClass) {
  testing::expect_every_class_sampled("pos", 20261123, [](uint64_t seed, uint64_t executions) {
    return PosStrategy(seed, executions);
  });
}

// Three threads that each store to cell 0 and add to cell 1 (90 interleavings): all classes
// within 2,000 executions, for this seed.
TEST(Pos, ReachesAllClassesOfThreeRacingThreads) {
  Engine engine(testing::cell_options());
  SmallProgram sp;
  for (int t = 0; t < 3; ++t) {
    sp.push_back({{CellOp::kStore, 0, t + 1}, {CellOp::kFetchAdd, 1, 1}});
  }
  PosStrategy pos(5, 2000);
  testing::Sampled s = testing::sample_against_brute_force(engine, fixtures::run_cells(sp), pos);
  EXPECT_EQ(s.outside, 0u);
  EXPECT_EQ(s.reached, s.classes);
  std::cout << s.classes << " classes, all reached after " << s.needed << " executions\n";
}

TEST(Pos, SameSeedSameSchedules) {
  Engine engine;
  Program p = fixtures::smoke_program("boost-queue", 3, 3).program;
  auto run = [&](uint64_t seed) {
    PosStrategy pos(seed, 200);
    return testing::schedule_tokens(engine, p, pos);
  };
  std::vector<std::string> a = run(7);
  EXPECT_EQ(a.size(), 200u);
  EXPECT_EQ(a, run(7));
  EXPECT_NE(a, run(8));
}

// Re-sampling follows dependency: threads on different cells never race; threads that
// store to one cell do at every step.
TEST(Pos, ResamplesOnlyRacingPriorities) {
  Engine engine(testing::cell_options());
  SmallProgram apart = {{{CellOp::kStore, 0, 1}, {CellOp::kStore, 0, 2}},
                        {{CellOp::kStore, 1, 1}, {CellOp::kLoad, 2, 0}}};
  SmallProgram together = {{{CellOp::kStore, 0, 1}, {CellOp::kLoad, 0, 0}},
                           {{CellOp::kStore, 0, 2}, {CellOp::kStore, 0, 1}}};
  auto resampled = [&](const SmallProgram& sp) {
    PosStrategy pos(3, 50);
    uint64_t n = 0;
    engine.explore(fixtures::run_cells(sp), pos, [&](const ExecutionResult&) {
      n += pos.races_resampled();
      return true;
    });
    return n;
  };
  EXPECT_EQ(resampled(apart), 0u);
  EXPECT_GE(resampled(together), 50u);  // at least the first step of each execution races
}

// T0: six loads of cell 1, then a store to cell 0; T1: a store to cell 0. T0's store comes
// first only if T0 wins all seven steps before T1 runs: under POS, T1's priority is never
// re-sampled (the loads do not race with it), so that happens when it is the lowest of eight
// priorities, 1/8; random walk flips a fresh coin at each step, 1/128.
TEST(Pos, IndependentStepsDoNotDecideARace) {
  Engine engine(testing::cell_options());
  SmallProgram sp(2);
  for (int i = 0; i < 6; ++i) sp[0].push_back({CellOp::kLoad, 1, 0});
  sp[0].push_back({CellOp::kStore, 0, 1});
  sp[1].push_back({CellOp::kStore, 0, 2});
  Program p = fixtures::run_cells(sp);
  constexpr uint64_t kRuns = 4000;
  auto t0_first = [&](Strategy& s) {
    uint64_t n = 0;
    engine.explore(p, s, [&](const ExecutionResult& r) {
      EXPECT_EQ(r.outcome, Outcome::kCompleted) << r.message;
      n += testing::steps_before(r.trace, 1) == 7;  // T1's store came last
      return true;
    });
    return n;
  };
  PosStrategy pos(42, kRuns);
  RandomStrategy random(42, kRuns);
  uint64_t by_pos = t0_first(pos), by_random = t0_first(random);
  std::cout << "T0's store first: pos " << by_pos << ", random " << by_random << " of " << kRuns
            << "\n";
  EXPECT_NEAR(static_cast<double>(by_pos), kRuns / 8.0, 100.0);  // sd ~21
  EXPECT_LT(by_random, 80u);                                     // expected ~31
}

}  // namespace
}  // namespace lineup::engine
