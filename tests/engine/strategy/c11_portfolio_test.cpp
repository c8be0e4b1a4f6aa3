// The portfolio in c11 mode (make_strategy with MemoryModel::kC11): its systematic part is dfs,
// which runs exactly the executions dfs alone runs with the same bounds, in the same order,
// every other execution, and claims the same coverage; every execution the portfolio runs is
// one of the program's (brute force: dfs without bounds); and its sampler, POS, draws read
// choices, so it reaches stale reads the systematic part's stale bound leaves out.
#include <gtest/gtest.h>

#include <array>
#include <set>
#include <string>
#include <vector>

#include "engine/engine.h"
#include "engine/schedule.h"
#include "engine/strategy/dfs.h"
#include "engine/strategy/factory.h"
#include "fixtures/litmus.h"

namespace lineup::engine {
namespace {

using fixtures::Litmus;

constexpr Litmus kLitmus[] = {Litmus::kMpRelaxed, Litmus::kSbRelaxed,   Litmus::kLbRelaxed,
                              Litmus::kCoWR,      Litmus::k2p2wRelaxed, Litmus::kIriwAcquire};

// What one search ran, execution by execution.
struct Executions {
  std::vector<std::string> tokens;         // each execution's schedule
  std::vector<std::vector<int>> outcomes;  // each execution's registers
  std::vector<int> stale;                  // each execution's stale choices
  std::set<std::vector<int>> distinct() const { return {outcomes.begin(), outcomes.end()}; }
};

Executions run(Litmus litmus, Strategy& strategy) {
  EngineOptions options;
  options.memory_model = MemoryModel::kC11;
  options.schedule_plain_accesses = false;  // registers are thread-private
  options.detect_spins = false;
  Engine engine(options);
  std::array<int, 4> registers{};
  Program p = fixtures::litmus_program(litmus, &registers);
  const int n = fixtures::register_count(litmus);
  Executions out;
  engine.explore(p, strategy, [&](const ExecutionResult& r) {
    EXPECT_EQ(r.outcome, Outcome::kCompleted) << r.message;
    out.tokens.push_back(r.schedule.to_token());
    out.outcomes.emplace_back(registers.begin(), registers.begin() + n);
    out.stale.push_back(stale_choices(r.schedule));
    return r.ok();
  });
  return out;
}

std::unique_ptr<Strategy> c11_portfolio(int bound, int stale_bound) {
  StrategyConfig config;
  config.kind = StrategyKind::kPortfolio;
  config.bound = bound;
  config.stale_bound = stale_bound;
  config.memory_model = MemoryModel::kC11;
  config.seed = 7;
  std::string error;
  std::unique_ptr<Strategy> s = make_strategy(config, &error);
  EXPECT_NE(s, nullptr) << error;
  return s;
}

TEST(C11Portfolio, IsAcceptedWhereTheSearchesOnThreadsOnlyAreRefused) {
  EXPECT_EQ(refuse_memory_model(StrategyKind::kPortfolio, MemoryModel::kC11), "");
  EXPECT_EQ(refuse_memory_model(StrategyKind::kDfs, MemoryModel::kC11), "");
  for (StrategyKind kind :
       {StrategyKind::kCbDpor, StrategyKind::kDpor, StrategyKind::kIcb, StrategyKind::kGambit}) {
    std::string why = refuse_memory_model(kind, MemoryModel::kC11);
    EXPECT_NE(why.find("use --strategy portfolio"), std::string::npos) << why;
    EXPECT_EQ(refuse_memory_model(kind, MemoryModel::kSc), "");
  }
}

struct Bounds {
  int preemptions, stale;
};
constexpr Bounds kBounds[] = {{0, 0}, {0, 1}, {1, 1}, {1, 2}, {2, -1}, {-1, -1}};

TEST(C11Portfolio, TheSystematicPartRunsAsDfsAloneEveryOtherExecution) {
  for (Litmus litmus : kLitmus) {
    for (Bounds b : kBounds) {
      SCOPED_TRACE("litmus " + std::to_string(static_cast<int>(litmus)) + ", bound " +
                   std::to_string(b.preemptions) + ", stale bound " + std::to_string(b.stale));
      DfsStrategy alone(b.preemptions, b.stale);
      Executions a = run(litmus, alone);
      std::unique_ptr<Strategy> portfolio = c11_portfolio(b.preemptions, b.stale);
      Executions both = run(litmus, *portfolio);
      // systematic, sampler, ..., systematic, sampler: the search says it is done only when
      // asked for its next execution, after the sampler's turn.
      ASSERT_EQ(both.tokens.size(), 2 * a.tokens.size());
      for (size_t i = 0; i < a.tokens.size(); ++i) {
        EXPECT_EQ(both.tokens[2 * i], a.tokens[i]);
        EXPECT_EQ(both.outcomes[2 * i], a.outcomes[i]);
      }
      EXPECT_EQ(portfolio->coverage().bound_completed, alone.coverage().bound_completed);
      EXPECT_EQ(portfolio->coverage().stale_bound, b.stale);
      EXPECT_EQ(describe(portfolio->coverage()), describe(alone.coverage()));
    }
  }
}

// Every outcome the portfolio reaches, its sampler's included, is one brute force reaches;
// without bounds its systematic part reaches all of them.
TEST(C11Portfolio, ReachesOnlyAndWithoutBoundsAllOutcomesOfBruteForce) {
  for (Litmus litmus : kLitmus) {
    SCOPED_TRACE("litmus " + std::to_string(static_cast<int>(litmus)));
    DfsStrategy brute;
    std::set<std::vector<int>> all = run(litmus, brute).distinct();
    for (Bounds b : kBounds) {
      std::unique_ptr<Strategy> portfolio = c11_portfolio(b.preemptions, b.stale);
      Executions got = run(litmus, *portfolio);
      for (const std::vector<int>& o : got.outcomes) EXPECT_TRUE(all.count(o));
      if (b.preemptions < 0 && b.stale < 0) {
        std::set<std::vector<int>> systematic;
        for (size_t i = 0; i < got.outcomes.size(); i += 2) systematic.insert(got.outcomes[i]);
        EXPECT_EQ(systematic, all);
        EXPECT_TRUE(portfolio->coverage().exhaustive());
      }
    }
  }
}

// With stale bound 0 the systematic part reads only the latest stores; the sampler's
// executions read stale ones (the memory-model choices of its turns go to it).
TEST(C11Portfolio, TheSamplerReadsBeyondTheStaleBound) {
  int sampled_stale = 0;
  for (Litmus litmus : kLitmus) {
    std::unique_ptr<Strategy> portfolio = c11_portfolio(-1, 0);
    Executions got = run(litmus, *portfolio);
    for (size_t i = 0; i < got.stale.size(); ++i) {
      if (i % 2 == 0) {
        EXPECT_EQ(got.stale[i], 0) << "execution " << i;
      } else {
        sampled_stale += got.stale[i] > 0;
      }
    }
  }
  EXPECT_GT(sampled_stale, 0);
}

}  // namespace
}  // namespace lineup::engine
