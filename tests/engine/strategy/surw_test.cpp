// SURW (strategy/surw.h) against brute force: every execution it samples is a real one, it
// reaches every class of small programs, it is reproducible from its seed, it weighs by the
// step counts of the last completed execution, and on a thread of one step racing with a
// thread of seven it puts the short thread's step at each of the eight positions about
// equally often, where random walk puts it first half of the time; and it does so among the
// steps on the one contended location even when the long thread also makes many steps
// elsewhere.
#include "engine/strategy/surw.h"

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

TEST(Surw, SamplesOnlyRealExecutionsAndReachesEveryClass) {
  testing::expect_every_class_sampled("surw", 20261124, [](uint64_t seed, uint64_t executions) {
    return SurwStrategy(seed, executions);
  });
}

TEST(Surw, SameSeedSameSchedules) {
  Engine engine;
  Program p = fixtures::smoke_program("boost-queue", 3, 3).program;
  auto run = [&](uint64_t seed) {
    SurwStrategy surw(seed, 200);
    return testing::schedule_tokens(engine, p, surw);
  };
  std::vector<std::string> a = run(7);
  EXPECT_EQ(a.size(), 200u);
  EXPECT_EQ(a, run(7));
  EXPECT_NE(a, run(8));
}

// Prints two histograms on one line, for the test log.
void print_counts(const char* first, const std::vector<uint64_t>& a, const char* second,
                  const std::vector<uint64_t>& b) {
  std::cout << first << ":";
  for (uint64_t n : a) std::cout << " " << n;
  std::cout << "; " << second << ":";
  for (uint64_t n : b) std::cout << " " << n;
  std::cout << "\n";
}

SmallProgram one_against_seven() {
  SmallProgram sp(2);
  sp[0].push_back({CellOp::kStore, 0, 1});
  for (int i = 0; i < 7; ++i) sp[1].push_back({CellOp::kFetchAdd, 0, 1});
  return sp;
}

TEST(Surw, EstimatesAreTheLastCompletedExecutionsStepCounts) {
  Engine engine(testing::cell_options());
  SurwStrategy surw(1, 3);
  EXPECT_TRUE(surw.estimates().empty());  // the first execution is a plain random walk
  engine.explore(fixtures::run_cells(one_against_seven()), surw, [&](const ExecutionResult&) {
    EXPECT_EQ(surw.estimates(), (std::vector<uint64_t>{1, 7}));
    return true;
  });
}

// Every step touches cell 0, so each of the 8 positions of T0's store is its own class.
// SURW weighs 1 against 7 remaining steps, which makes each position equally likely (1/8 of
// 4,000 runs: 500, sd ~21); random walk puts T0 first with probability 1/2.
TEST(Surw, InterleavesAShortThreadUniformly) {
  Engine engine(testing::cell_options());
  Program p = fixtures::run_cells(one_against_seven());
  constexpr uint64_t kRuns = 4000;
  auto positions = [&](Strategy& s) {
    std::vector<uint64_t> at(9, 0);
    engine.explore(p, s, [&](const ExecutionResult& r) {
      EXPECT_EQ(r.outcome, Outcome::kCompleted) << r.message;
      ++at[std::min<size_t>(testing::steps_before(r.trace, 0), 8)];
      return true;
    });
    return at;
  };
  SurwStrategy surw(42, kRuns);
  RandomStrategy random(42, kRuns);
  std::vector<uint64_t> by_surw = positions(surw), by_random = positions(random);
  auto worst = [](const std::vector<uint64_t>& at) {
    double d = 0;
    for (size_t i = 0; i < 8; ++i) d = std::max(d, std::abs(static_cast<double>(at[i]) - 500.0));
    return d;
  };
  print_counts("positions of T0's store, surw", by_surw, "random", by_random);
  EXPECT_EQ(by_surw[8], 0u);
  EXPECT_LT(worst(by_surw), 100.0);
  EXPECT_GT(worst(by_random), 1000.0);
}

// T0's one store to cell 0 races with T1's 7 fetch-adds there, which follow 21 loads of cell 1
// that only T1 makes. Only cell 0 is contended, so the executions that select it (about half;
// the others weigh every step) interleave only the steps there uniformly: T0's store comes
// before 0..7 of the fetch-adds about equally often (1/8 each, sd ~15 of 2,000). Those that
// weigh every step (1 against 28) put it before all of them 22 times in 29.
TEST(Surw, InterleavesUniformlyAmongTheStepsOnTheContendedLocation) {
  SmallProgram sp(2);
  sp[0].push_back({CellOp::kStore, 0, 1});
  for (int i = 0; i < 21; ++i) sp[1].push_back({CellOp::kLoad, 1, 0});
  for (int i = 0; i < 7; ++i) sp[1].push_back({CellOp::kFetchAdd, 0, 1});
  Engine engine(testing::cell_options());
  SurwStrategy surw(43, 4000);
  std::vector<uint64_t> selective(9, 0), every(9, 0);
  uintptr_t running = surw.selected();  // what the execution about to run selects
  uintptr_t cell0 = 0;
  engine.explore(fixtures::run_cells(sp), surw, [&](const ExecutionResult& r) {
    EXPECT_EQ(r.outcome, Outcome::kCompleted) << r.message;
    for (const Transition& step : r.trace.steps) {
      if (step.thread == 0) {
        cell0 = step.addr;
        break;
      }
    }
    size_t before = 0;
    for (const Transition& step : r.trace.steps) {
      if (step.thread == 0) break;
      before += step.thread == 1 && step.addr == cell0;
    }
    EXPECT_TRUE(running == 0 || running == cell0);  // cell 1 is not contended
    ++(running == cell0 ? selective : every)[std::min<size_t>(before, 8)];
    running = surw.selected();
    return true;
  });
  print_counts("fetch-adds before T0's store, cell 0 selected", selective, "every step", every);
  uint64_t runs = 0;
  for (uint64_t n : selective) runs += n;
  EXPECT_NEAR(static_cast<double>(runs), 2000.0, 200.0);
  EXPECT_EQ(selective[8], 0u);
  for (size_t i = 0; i < 8; ++i) {
    EXPECT_NEAR(static_cast<double>(selective[i]), static_cast<double>(runs) / 8, 70.0) << i;
  }
  EXPECT_GT(every[0], every[1] * 5);
}

}  // namespace
}  // namespace lineup::engine
