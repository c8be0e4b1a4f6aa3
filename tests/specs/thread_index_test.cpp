// thread_index() in an operation gives the calling logical thread's index in every execution
// of a program and in a replay of each, with one thread-local for every logical thread or a
// thread pointer of its own for each; the init prefix's calls see 0; and asking makes no step.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engine/strategy/factory.h"
#include "lineup/hunt/search.h"
#include "specs/registry.h"
#include "specs/structure.h"
#include "specs/thread_index.h"

namespace lineup {
namespace {

// 3 threads of who() calls (3, 2, 2) after two init calls.
specs::TestProgram three_threads() {
  specs::TestProgram program;
  program.init = {{0, 0}, {0, 0}};
  program.threads = {{{0, 0}, {0, 0}, {0, 0}}, {{0, 0}, {0, 0}}, {{0, 0}, {0, 0}}};
  return program;
}

// What thread_index() should have returned to each call: its thread, and 0 in the init prefix.
std::vector<int> expected_results(const specs::TestProgram& program) {
  std::vector<int> expected(program.results_size(), 0);
  for (size_t t = 0; t < program.threads.size(); ++t) {
    for (size_t i = 0; i < program.threads[t].size(); ++i) {
      expected[program.flat(static_cast<int>(t), static_cast<int>(i))] = static_cast<int>(t);
    }
  }
  return expected;
}

// Each call's one step is its fetch_add: thread_index() adds none.
void expect_one_step_per_call(const engine::Trace& trace) {
  std::vector<int> steps(trace.calls.size(), 0);
  for (const engine::Transition& t : trace.steps) {
    if (t.call >= 0) ++steps[static_cast<size_t>(t.call)];
  }
  EXPECT_EQ(steps, std::vector<int>(trace.calls.size(), 1));
}

void check_every_execution(bool pointer_per_thread) {
  const specs::Target* target = specs::find_target("specs-test/thread-index");
  ASSERT_NE(target, nullptr);
  const specs::TestProgram program = three_threads();
  const std::vector<int> expected = expected_results(program);
  hunt::HuntOptions options;
  options.replay.thread_pointer_per_thread = pointer_per_thread;
  auto engine = hunt::make_engine(*target, options, 3);
  std::vector<int> results(program.results_size(), -2);
  engine::Program p = target->instantiate(program, &results);
  engine::StrategyConfig config;
  config.kind = engine::StrategyKind::kDpor;  // every class of executions, once
  std::string error;
  auto strategy = engine::make_strategy(config, &error);
  ASSERT_NE(strategy, nullptr) << error;
  std::vector<engine::Schedule> schedules;
  engine->explore(p, *strategy, [&](const engine::ExecutionResult& r) {
    EXPECT_TRUE(r.ok()) << r.message;
    EXPECT_EQ(results, expected) << r.schedule.to_token();
    expect_one_step_per_call(r.trace);
    schedules.push_back(r.schedule);
    std::fill(results.begin(), results.end(), -2);
    return true;
  });
  // 7 calls of one step each: 7! / (3! 2! 2!) = 210 orders of the fetch_adds.
  EXPECT_EQ(schedules.size(), 210u);
  for (const engine::Schedule& s : schedules) {
    const engine::ExecutionResult& r = engine->replay(p, s);
    EXPECT_TRUE(r.ok()) << r.message;
    EXPECT_EQ(results, expected) << s.to_token();
    std::fill(results.begin(), results.end(), -2);
  }
}

TEST(ThreadIndex, EachThreadsIndexInEveryExecutionAndReplay) { check_every_execution(false); }

TEST(ThreadIndex, TheSameWithAThreadPointerPerThread) { check_every_execution(true); }

TEST(ThreadIndex, ZeroOutsideExecutions) { EXPECT_EQ(specs::thread_index(), 0); }

}  // namespace
}  // namespace lineup
