// GAMBIT's best-first search (strategy/gambit.h) beyond the brute-force differential test
// (differential_test.cpp, which checks the set of executions per bound): the order its
// priorities give, its coverage statement at every moment, and reproducibility from its seed.
#include "engine/strategy/gambit.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "engine/strategy/icb.h"
#include "exploration.h"
#include "fixtures/fixtures.h"
#include "sampling.h"

namespace lineup::engine {
namespace {

// What the search had claimed after each execution, with the execution's trace digest.
struct Ordered {
  std::vector<uint64_t> digests;
  std::vector<int> preemptions;
  std::vector<int> claims;  // coverage().bound_completed after each execution
};

Ordered run(Engine& engine, const Program& p, GambitStrategy& gambit) {
  Ordered out;
  testing::CountingPreemptions counting(gambit);
  engine.explore(p, counting, [&](const ExecutionResult& r) {
    EXPECT_EQ(r.outcome, Outcome::kCompleted) << r.message;
    out.digests.push_back(testing::digest(r.trace));
    out.preemptions.push_back(counting.preemptions());
    out.claims.push_back(gambit.coverage().bound_completed);
    return true;
  });
  return out;
}

TEST(Gambit, FewerPreemptionsFirstRunsBoundsInOrder) {
  Engine engine(testing::cell_options());
  GambitStrategy gambit(-1, 3, {GambitPriority::kPreemptions, GambitPriority::kRandom});
  Ordered r = run(engine, testing::racing_threads(), gambit);
  EXPECT_EQ(r.digests.size(), 90u);
  EXPECT_TRUE(std::is_sorted(r.preemptions.begin(), r.preemptions.end()));
  EXPECT_EQ(gambit.coverage().bound_completed, Coverage::kExhaustive);
}

// Each claim "every execution with at most c preemptions has run" is true when it is made,
// whatever the order; with a random first priority, low bounds complete late.
TEST(Gambit, CoverageClaimsHoldAtEveryExecution) {
  Engine engine(testing::cell_options());
  Program p = testing::racing_threads();
  IcbStrategy brute(-1);
  testing::Explored all = testing::explore(engine, p, brute);
  for (auto priorities : {std::vector<GambitPriority>{GambitPriority::kPreemptions},
                          std::vector<GambitPriority>{GambitPriority::kRandom}}) {
    GambitStrategy gambit(-1, 11, priorities);
    Ordered r = run(engine, p, gambit);
    ASSERT_EQ(r.digests.size(), all.executions);
    int highest = -1;
    for (size_t i = 0; i < r.claims.size(); ++i) {
      int c = std::min(r.claims[i], 1000);
      highest = std::max(highest, c);
      std::set<uint64_t> run_so_far(r.digests.begin(), r.digests.begin() + i + 1);
      for (size_t k = 0; k < all.digests.size(); ++k) {
        if (all.preemptions[k] <= c) {
          ASSERT_TRUE(run_so_far.count(all.digests[k])) << "claim " << c << " at " << i;
        }
      }
    }
    EXPECT_EQ(highest, 1000);  // exhaustive at the end
  }
}

TEST(Gambit, RandomPriorityChangesTheOrderNotTheExecutions) {
  Engine engine(testing::cell_options());
  Program p = testing::racing_threads();
  auto order = [&](uint64_t seed) {
    GambitStrategy gambit(2, seed, {GambitPriority::kRandom});
    return run(engine, p, gambit).digests;
  };
  std::vector<uint64_t> a = order(1), b = order(2);
  EXPECT_EQ(a, order(1));
  EXPECT_NE(a, b);
  std::sort(a.begin(), a.end());
  std::sort(b.begin(), b.end());
  EXPECT_EQ(a, b);
}

TEST(Gambit, SameSeedSameSchedulesOnARealStructure) {
  Engine engine;
  Program p = fixtures::smoke_program("boost-queue", 3, 3).program;
  auto tokens = [&](uint64_t seed) {
    GambitStrategy gambit(2, seed);
    std::vector<std::string> out;
    engine.explore(p, gambit, [&](const ExecutionResult& r) {
      EXPECT_EQ(r.outcome, Outcome::kCompleted) << r.message;
      out.push_back(r.schedule.to_token());
      return out.size() < 300;
    });
    return out;
  };
  std::vector<std::string> a = tokens(5);
  EXPECT_EQ(a.size(), 300u);
  EXPECT_EQ(a, tokens(5));
  EXPECT_NE(a, tokens(6));
}

}  // namespace
}  // namespace lineup::engine
