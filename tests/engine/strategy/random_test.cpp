// The random strategy's pick (random_enabled_thread), and the engine's inline use of it
// (Strategy::uniform_state): the same schedules as asking the strategy at every point.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <array>
#include <string>
#include <vector>

#include "engine/strategy/forwarding_strategy.h"
#include "engine/strategy/portfolio.h"
#include "engine/strategy/random.h"
#include "sampling.h"

namespace lineup::engine {
namespace {

using testing::cell_options;
using testing::random_cell_program_any;

// The schedules `strategy` runs on `p`, as tokens, with each execution's outcome.
std::vector<std::string> schedules(Engine& engine, const Program& p, Strategy& strategy) {
  std::vector<std::string> out;
  engine.explore(p, strategy, [&](const ExecutionResult& r) {
    out.push_back(r.schedule.to_token() + " " + std::string(to_string(r.outcome)));
    return true;
  });
  return out;
}

RC_GTEST_PROP(RandomEnabledThread, PicksAnEnabledThread, ()) {
  const auto enabled = *rc::gen::suchThat<uint64_t>([](uint64_t m) { return m != 0; });
  uint64_t state = *rc::gen::arbitrary<uint64_t>();
  const int t = random_enabled_thread(state, enabled);
  RC_ASSERT(t >= 0);
  RC_ASSERT(t < 64);
  RC_ASSERT(((enabled >> t) & 1) == 1u);
}

TEST(RandomEnabledThread, TakesNoRandomBitsWhenOneThreadCanRun) {
  uint64_t state = 7;
  EXPECT_EQ(random_enabled_thread(state, uint64_t{1} << 5), 5);
  EXPECT_EQ(state, 7u);
}

TEST(RandomEnabledThread, PicksEachEnabledThreadEquallyOften) {
  constexpr int kDraws = 30000;
  const uint64_t enabled = 0b1010010;  // threads 1, 4 and 6
  std::array<int, 64> picked{};
  uint64_t state = 1;
  for (int i = 0; i < kDraws; ++i) ++picked[random_enabled_thread(state, enabled)];
  EXPECT_EQ(picked[1] + picked[4] + picked[6], kDraws);
  for (int t : {1, 4, 6}) EXPECT_NEAR(picked[t], kDraws / 3, 500) << "T" << t;  // sd ~82
}

TEST(RandomStrategy, OffersItsStateForInlinePicksAndWrappersDoNot) {
  RandomStrategy random(1, 10);
  EXPECT_NE(random.uniform_state(), nullptr);
  ForwardingStrategy wrapped(random);
  EXPECT_EQ(wrapped.uniform_state(), nullptr);  // a wrapper may change next_thread
}

// Programs with mutex-guarded stores, so that threads block and the enabled threads are
// fewer than the unfinished ones.
RC_GTEST_PROP(RandomStrategy, InlinePicksRunTheSchedulesTheStrategyWouldChoose, ()) {
  uint64_t rng = *rc::gen::arbitrary<uint64_t>();
  const uint64_t seed = *rc::gen::arbitrary<uint64_t>();
  const Program p = fixtures::run_cells(random_cell_program_any(rng));
  Engine engine(cell_options());
  RandomStrategy inline_picks(seed, 40);
  RandomStrategy asked_inner(seed, 40);
  ForwardingStrategy asked(asked_inner);  // no uniform_state: asked at every point
  RC_ASSERT(schedules(engine, p, inline_picks) == schedules(engine, p, asked));
}

TEST(PortfolioStrategy, OffersTheUniformStateOfTheRandomPartOnItsTurnOnly) {
  auto sampler = std::make_unique<RandomStrategy>(3, 10);
  RandomStrategy* random = sampler.get();
  PortfolioStrategy portfolio(std::make_unique<RandomStrategy>(4, 10), std::move(sampler));
  ASSERT_TRUE(portfolio.begin_execution());  // the systematic part's turn
  EXPECT_NE(portfolio.uniform_state(), random->uniform_state());
  ASSERT_TRUE(portfolio.begin_execution());  // the sampler's
  EXPECT_EQ(portfolio.uniform_state(), random->uniform_state());
}

}  // namespace
}  // namespace lineup::engine
