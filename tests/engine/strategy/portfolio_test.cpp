// The portfolio (strategy/portfolio.h): its systematic part runs exactly the executions it runs
// alone, in the same order, every other execution; its coverage is the systematic part's; and
// its sampler reaches executions beyond the systematic part's preemption bound.
#include "engine/strategy/portfolio.h"

#include <gtest/gtest.h>

#include "engine/strategy/cbdpor.h"
#include "engine/strategy/icb.h"
#include "engine/strategy/pos.h"
#include "exploration.h"
#include "fixtures/fixtures.h"
#include "sampling.h"

namespace lineup::engine {
namespace {

std::vector<std::string> tokens(Engine& engine, const Program& p, Strategy& s) {
  std::vector<std::string> out;
  engine.explore(p, s, [&](const ExecutionResult& r) {
    EXPECT_TRUE(r.outcome == Outcome::kCompleted || r.outcome == Outcome::kAbandoned) << r.message;
    out.push_back(r.schedule.to_token());
    return true;
  });
  return out;
}

TEST(Portfolio, TheSystematicPartRunsAsAloneEveryOtherExecution) {
  Engine engine(testing::cell_options());
  Program p = testing::racing_threads();
  for (int bound = 0; bound <= 2; ++bound) {
    CbDporStrategy alone(bound);
    std::vector<std::string> a = tokens(engine, p, alone);
    PortfolioStrategy portfolio(std::make_unique<CbDporStrategy>(bound),
                                std::make_unique<PosStrategy>(7, 0));
    std::vector<std::string> both = tokens(engine, p, portfolio);
    // systematic, sampler, ..., systematic, sampler: the search says it is done only when
    // asked for its next execution, after the sampler's turn.
    ASSERT_EQ(both.size(), 2 * a.size()) << "bound " << bound;
    for (size_t i = 0; i < a.size(); ++i) EXPECT_EQ(both[2 * i], a[i]);
    EXPECT_EQ(portfolio.coverage().bound_completed, alone.coverage().bound_completed);
    EXPECT_EQ(portfolio.coverage().up_to_equivalence, alone.coverage().up_to_equivalence);
  }
}

// With bound 0 the systematic part reaches only classes without a preemption; the sampler's
// executions reach others.
TEST(Portfolio, TheSamplerReachesBeyondTheBound) {
  Engine engine(testing::cell_options());
  Program p = testing::racing_threads();
  IcbStrategy brute(-1);
  testing::Explored all = testing::explore(engine, p, brute);
  PortfolioStrategy portfolio(std::make_unique<CbDporStrategy>(0),
                              std::make_unique<PosStrategy>(7, 0));
  testing::Explored got = testing::explore(engine, p, portfolio);
  size_t beyond = 0;
  for (uint64_t c : got.classes) {
    ASSERT_TRUE(all.fewest_preemptions.count(c)) << "not an execution of the program";
    beyond += all.fewest_preemptions.at(c) > 0;
  }
  EXPECT_GT(beyond, 0u);
}

// A sampler that ends first leaves the systematic part to finish alone.
TEST(Portfolio, ASamplerThatEndsLeavesTheSearchToFinish) {
  Engine engine(testing::cell_options());
  Program p = testing::racing_threads();
  CbDporStrategy alone(2);
  size_t n = tokens(engine, p, alone).size();
  PortfolioStrategy portfolio(std::make_unique<CbDporStrategy>(2),
                              std::make_unique<PosStrategy>(7, 3));
  EXPECT_EQ(tokens(engine, p, portfolio).size(), n + 3);
  EXPECT_EQ(portfolio.coverage().bound_completed, alone.coverage().bound_completed);
}

}  // namespace
}  // namespace lineup::engine
