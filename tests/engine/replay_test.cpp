// Schedules are data: tokens round-trip, and replaying a schedule reproduces the execution
// exactly, addresses included; a replay that does something else says where.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "engine/engine.h"
#include "engine/options.h"
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
  EXPECT_FALSE(Schedule::from_token("s1:a/w:", &error).has_value());
  EXPECT_FALSE(Schedule::from_token("s1:a/w:1,", &error).has_value());
  EXPECT_EQ(Schedule::from_token("s1:a3ba2")->choices, (std::vector<int>{0, 0, 0, 1, 0, 0}));
}

// A token may expand to kMaxScheduleSteps steps and kMaxMemoryChoices memory-model choices,
// each at most kMaxStaleness stale, and not one more: a short token past a cap is rejected
// before it is built. The caps leave room for every execution the engine allows.
TEST(Schedule, TokensPastTheCapsAreRejected) {
  EXPECT_GE(kMaxScheduleSteps, 5 * EngineOptions().step_limit);
  EXPECT_GE(kMaxMemoryChoices, 5 * EngineOptions().step_limit);
  EXPECT_GE(kMaxStaleness, 5 * EngineOptions().step_limit);
  const std::string steps = std::to_string(kMaxScheduleSteps);
  const std::string choices = std::to_string(kMaxMemoryChoices);
  EXPECT_EQ(Schedule::from_token("s1:a" + steps)->choices.size(), kMaxScheduleSteps);
  EXPECT_EQ(Schedule::from_token("s1:a/w:1x" + choices)->stale.size(), kMaxMemoryChoices);
  EXPECT_EQ(Schedule::from_token("s1:a/w:" + std::to_string(kMaxStaleness))->stale,
            (std::vector<uint32_t>{static_cast<uint32_t>(kMaxStaleness)}));
  std::string runs;  // 1 KB: 50 runs of 999,999 steps
  for (int i = 0; i < 50; ++i) runs += i % 2 ? "b999999" : "a999999";
  std::string weak;  // 1 KB: 50 runs of 999,999 memory-model choices
  for (int i = 0; i < 50; ++i) weak += (i ? "," : "") + std::to_string(i % 2) + "x999999";
  const std::string too_many_steps = "schedule token too large: more than " + steps + " steps";
  const std::string too_many_choices =
      "schedule token too large: more than " + choices + " memory-model choices";
  for (const auto& [token, message] : std::vector<std::pair<std::string, std::string>>{
           {"s1:a" + std::to_string(kMaxScheduleSteps + 1), too_many_steps},
           {"s1:a" + steps + "b", too_many_steps},
           {"s1:a99999999999999999999999999", too_many_steps},
           {"s1:" + runs, too_many_steps},
           {"s1:a/w:0x" + std::to_string(kMaxMemoryChoices + 1), too_many_choices},
           {"s1:a/w:0x" + choices + ",1", too_many_choices},
           {"s1:a/w:" + weak, too_many_choices},
           {"s1:a/w:" + std::to_string(kMaxStaleness + 1),
            "schedule token too large: more than " + std::to_string(kMaxStaleness) +
                " stores back in one memory-model choice"}}) {
    std::string error;
    EXPECT_FALSE(Schedule::from_token(token, &error).has_value()) << token.substr(0, 40);
    EXPECT_EQ(error, message) << token.substr(0, 40);
  }
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
