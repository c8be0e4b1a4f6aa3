// A c11 hunt with the default strategy: the portfolio, whose systematic part is dfs with the
// default stale bound, completes bound 1 on a 3x3 program of ref/queue, as dfs alone with the
// same bounds does, and its sampler's executions come on top.
#include <gtest/gtest.h>

#include "lineup/hunt/coverage.h"
#include "lineup/hunt/hunt.h"
#include "specs/structure.h"

namespace lineup::hunt {
namespace {

// The first program of a default hunt (3 threads of 3 calls), in c11 mode, with bound 1.
HuntOptions c11_bound_1() {
  HuntOptions o;
  o.budget_seconds = 1e9;  // bounded by the number of programs, not by time
  o.max_programs = 1;
  o.search.bound = 1;
  o.replay.memory_model = engine::MemoryModel::kC11;
  return o;
}

TEST(C11PortfolioHunt, IsTheDefaultWithStaleBound2) {
  HuntOptions o = c11_bound_1();
  EXPECT_EQ(o.threads, 3);
  EXPECT_EQ(o.calls, 3);
  EXPECT_EQ(o.search.strategy, engine::StrategyKind::kPortfolio);
  EXPECT_EQ(o.search.stale_bound, 2);
}

TEST(C11PortfolioHunt, CompletesBound1OnA3x3ProgramOfRefQueue) {
  const specs::Target* t = specs::find_target("ref/queue");
  ASSERT_NE(t, nullptr);
  HuntOptions o = c11_bound_1();
  HuntResult both = hunt(*t, o);
  EXPECT_EQ(both.programs, 1u);
  EXPECT_EQ(both.programs_capped, 0u);
  EXPECT_EQ(both.bound_completed, 1);
  EXPECT_TRUE(bound_covered(both, o));
  EXPECT_EQ(incomplete_coverage(both, o), "");
  EXPECT_TRUE(both.violations.empty()) << both.violations.front().report;

  o.search.strategy = engine::StrategyKind::kDfs;
  HuntResult alone = hunt(*t, o);
  EXPECT_EQ(alone.bound_completed, both.bound_completed);
  EXPECT_EQ(alone.programs_capped, both.programs_capped);
  EXPECT_GT(both.executions, alone.executions);
}

// POS alone samples: it claims no bound, whatever it ran.
TEST(C11PortfolioHunt, ASamplerAloneClaimsNothing) {
  HuntOptions o = c11_bound_1();
  o.search.strategy = engine::StrategyKind::kPos;
  o.search.executions_per_program = 200;
  HuntResult r = hunt(*specs::find_target("ref/queue"), o);
  EXPECT_EQ(r.programs, 1u);
  EXPECT_EQ(r.bound_completed, -1);
  EXPECT_FALSE(bound_covered(r, o));
}

}  // namespace
}  // namespace lineup::hunt
