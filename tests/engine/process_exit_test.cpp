// exit, _Exit, _exit and quick_exit called by controlled code end the execution as a process
// exit, reported with where the call was and its schedule; the process and the search go on.
#include <unistd.h>

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include "engine/engine.h"
#include "engine/strategy/random.h"
#include "fixtures/fixtures.h"
#include "test_runs.h"

namespace lineup::engine {
namespace {

// One execution of a program whose only thread runs `body`.
ExecutionResult run_one(Engine& engine, void (*body)()) {
  Program p;
  p.threads = {{{"body()", body}}};
  return testing::run_non_preemptive(engine, p);
}

TEST(ProcessExit, EachExitFunctionEndsTheExecutionAndNamesTheCall) {
  Engine engine;
  struct Case {
    void (*body)();
    const char* call;
  };
  const Case cases[] = {
      {[] { std::exit(3); }, "exit(3)"},
      {[] { std::_Exit(0); }, "_Exit(0)"},
      {[] { _exit(7); }, "_exit(7)"},
      {[] { std::quick_exit(1); }, "quick_exit(1)"},
  };
  for (const Case& c : cases) {
    ExecutionResult r = run_one(engine, c.body);
    EXPECT_EQ(r.outcome, Outcome::kProcessExit) << c.call << ": " << r.message;
    EXPECT_EQ(r.message.rfind(std::string(c.call) + " called in T0 at process_exit_test.cpp:", 0),
              0u)
        << r.message;
    EXPECT_EQ(r.thread, 0);
    // The next execution runs as usual.
    EXPECT_EQ(run_one(engine, [] {}).outcome, Outcome::kCompleted);
  }
}

TEST(ProcessExit, AnExitInSetupEndsTheExecution) {
  Engine engine;
  Program p;
  p.setup = [] { std::exit(3); };
  p.threads = {{{"nothing()", [] {}}}};
  ExecutionResult r = testing::run_non_preemptive(engine, p);
  EXPECT_EQ(r.outcome, Outcome::kProcessExit) << r.message;
  EXPECT_EQ(r.message.rfind("exit(3) called at process_exit_test.cpp:", 0), 0u) << r.message;
}

TEST(ProcessExit, AnExitUnderSomeSchedulesIsFoundAndReplayed) {
  Engine engine;
  Program p = fixtures::exit_window();
  RandomStrategy strategy(5, 500);
  int exits = 0, completed = 0;
  Schedule exiting;
  std::string message;
  engine.explore(p, strategy, [&](const ExecutionResult& r) {
    if (r.outcome == Outcome::kProcessExit) {
      if (exits++ == 0) {
        exiting = r.schedule;
        message = r.message;
      }
      EXPECT_EQ(r.thread, 1);
    } else {
      EXPECT_EQ(r.outcome, Outcome::kCompleted) << r.message;
      ++completed;
    }
    return true;
  });
  EXPECT_GT(exits, 0);
  EXPECT_GT(completed, 0);
  EXPECT_EQ(message.rfind("exit(3) called in T1 at broken.cpp:", 0), 0u) << message;
  const ExecutionResult& again = engine.replay(p, exiting);
  EXPECT_EQ(again.outcome, Outcome::kProcessExit);
  EXPECT_EQ(again.message, message);
}

}  // namespace
}  // namespace lineup::engine
