// Schedules are data: tokens round-trip, and replaying a schedule reproduces the execution
// exactly, addresses included; a replay that does something else says where.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "engine/engine.h"
#include "engine/strategy/random.h"
#include "engine/trace_printer.h"
#include "fixtures/fixtures.h"

namespace lineup::engine {
namespace {

RC_GTEST_PROP(Schedule, TokenRoundTrips, ()) {
  auto threads = *rc::gen::container<std::vector<int>>(rc::gen::inRange(0, 52));
  Schedule s{threads};
  auto back = Schedule::from_token(s.to_token());
  RC_ASSERT(back.has_value());
  RC_ASSERT(*back == s);
}

TEST(Schedule, MalformedTokensAreRejectedWithAReason) {
  std::string error;
  EXPECT_FALSE(Schedule::from_token("a3b", &error).has_value());
  EXPECT_NE(error.find("prefix"), std::string::npos);
  EXPECT_FALSE(Schedule::from_token("s1:a0", &error).has_value());
  EXPECT_FALSE(Schedule::from_token("s1:a3-", &error).has_value());
  EXPECT_NE(error.find("'-'"), std::string::npos);
  EXPECT_EQ(Schedule::from_token("s1:a3ba2")->choices, (std::vector<int>{0, 0, 0, 1, 0, 0}));
}

TEST(Replay, OneScheduleReplayedAThousandTimesGivesTheSameTrace) {
  Engine engine;
  Program p = fixtures::smoke_program("boost-queue", 3, 3).program;
  RandomStrategy strategy(77, 1);
  strategy.begin_execution();
  const ExecutionResult& first = engine.run(p, strategy);
  ASSERT_EQ(first.outcome, Outcome::kCompleted) << first.message;
  const std::string text = format_trace(first, p, engine);
  const Schedule schedule = first.schedule;
  const std::vector<Transition> steps = first.trace.steps;
  const std::vector<ExpectedStep> expected = expected_steps(first.trace);
  // Random executions in between must not disturb the replay (heap, libc state, ...).
  RandomStrategy noise(5, 0);
  for (int i = 0; i < 1000; ++i) {
    noise.begin_execution();
    engine.run(p, noise);
    const ExecutionResult& again = engine.replay(p, schedule, expected);
    ASSERT_EQ(again.outcome, Outcome::kCompleted) << again.message;
    ASSERT_EQ(format_trace(again, p, engine), text) << "replay " << i;
    ASSERT_EQ(again.trace.steps.size(), steps.size());
    for (size_t k = 0; k < steps.size(); ++k) {
      ASSERT_EQ(again.trace.steps[k].addr, steps[k].addr) << "step " << k;
      ASSERT_EQ(again.trace.steps[k].value, steps[k].value) << "step " << k;
      ASSERT_EQ(again.trace.steps[k].pc, steps[k].pc) << "step " << k;
    }
  }
}

TEST(Replay, DivergenceNamesTheStepAndWhatDiffered) {
  Engine engine;
  Program p = fixtures::smoke_program("boost-queue", 2, 2).program;
  RandomStrategy strategy(3, 1);
  strategy.begin_execution();
  const ExecutionResult& first = engine.run(p, strategy);
  ASSERT_TRUE(first.ok());
  std::vector<ExpectedStep> expected = expected_steps(first.trace);
  Schedule schedule = first.schedule;
  // Pretend step 5 was recorded as a different kind of step.
  expected[5].kind = expected[5].kind == Kind::kWrite ? Kind::kRead : Kind::kWrite;
  const ExecutionResult& r = engine.replay(p, schedule, expected);
  EXPECT_EQ(r.outcome, Outcome::kDivergence);
  EXPECT_EQ(r.message.rfind("step 5: expected T", 0), 0u) << r.message;
  EXPECT_NE(r.message.find(", got T"), std::string::npos) << r.message;
  // A schedule cut short is a divergence too.
  schedule.choices.resize(schedule.choices.size() / 2);
  EXPECT_EQ(engine.replay(p, schedule).outcome, Outcome::kDivergence);
}

}  // namespace
}  // namespace lineup::engine
