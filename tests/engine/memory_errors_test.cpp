// Use-after-free, crashes and exceptions in controlled code are reported with their schedule,
// and the engine goes on to the next execution.
#include <gtest/gtest.h>

#include <csignal>
#include <cstring>
#include <sstream>
#include <string>
#include <vector>

#include "engine/engine.h"
#include "engine/strategy/random.h"
#include "engine/trace_printer.h"
#include "fixtures/fixtures.h"
#include "test_runs.h"

extern "C" [[noreturn]] void __assert_fail(const char*, const char*, unsigned int,
                                           const char*) noexcept;

namespace lineup::engine {
namespace {

TEST(MemoryErrors, UseAfterFreeIsReportedWithItsSchedule) {
  Engine engine;
  Program p = fixtures::unsafe_reclamation_stack();
  RandomStrategy strategy(1, 5000);
  int completed = 0, uaf = 0;
  Schedule failing;
  std::string message;
  engine.explore(p, strategy, [&](const ExecutionResult& r) {
    EXPECT_TRUE(r.outcome == Outcome::kCompleted || r.outcome == Outcome::kUseAfterFree)
        << to_string(r.outcome) << ": " << r.message;
    if (r.outcome == Outcome::kCompleted) ++completed;
    if (r.outcome == Outcome::kUseAfterFree && uaf++ == 0) {
      failing = r.schedule;
      message = r.message;
    }
    return true;
  });
  EXPECT_GT(uaf, 0);
  EXPECT_GT(completed, 0);  // the engine kept going after each report
  EXPECT_NE(message.find("after T"), std::string::npos) << message;
  // The reported schedule reproduces the use-after-free.
  const ExecutionResult& again = engine.replay(p, failing);
  EXPECT_EQ(again.outcome, Outcome::kUseAfterFree) << again.message;
  EXPECT_EQ(again.message, message);
}

TEST(MemoryErrors, DoubleFreeIsReportedWithWhoFreedFirst) {
  Engine engine;
  Program p = fixtures::racy_double_delete();
  RandomStrategy strategy(6, 400);
  int double_frees = 0, completed = 0;
  engine.explore(p, strategy, [&](const ExecutionResult& r) {
    if (r.outcome == Outcome::kDoubleFree) {
      ++double_frees;
      EXPECT_NE(r.message.find("double free of heap block #2 (first freed by T"), std::string::npos)
          << r.message;
    } else {
      EXPECT_EQ(r.outcome, Outcome::kCompleted) << r.message;
      ++completed;
    }
    return true;
  });
  EXPECT_GT(double_frees, 0);
  EXPECT_GT(completed, 0);
}

// The lines of `trace` that contain `what`.
std::vector<std::string> lines_with(const std::string& trace, const std::string& what) {
  std::vector<std::string> out;
  std::istringstream lines(trace);
  for (std::string line; std::getline(lines, line);) {
    if (line.find(what) != std::string::npos) out.push_back(line);
  }
  return out;
}

TEST(MemoryErrors, ABlockAllocatedWhereAnotherWasFreedHasANameOfItsOwn) {
  Engine engine;
  Program p = fixtures::stale_pointer_after_reuse();
  ExecutionResult r = testing::run_non_preemptive(engine, p);
  ASSERT_EQ(r.outcome, Outcome::kCompleted) << r.message;
  const std::string trace = format_trace(r, p, engine);
  // Setup allocated the slot (NodeSlot#1) and the first node (Node#2, at broken.cpp:90); the
  // second node took the first one's place: Node#2.2, allocated at broken.cpp:97, also when
  // reached through the stale pointer. (Both types come from their constructors: heap_types.h.)
  auto first = lines_with(trace, ":= 1");
  auto second = lines_with(trace, ":= 2");
  auto stale = lines_with(trace, "= 2 ");
  ASSERT_EQ(first.size(), 1u) << trace;
  ASSERT_EQ(second.size(), 1u) << trace;
  EXPECT_NE(first[0].find("Node#2@broken.cpp:90 .value "), std::string::npos) << trace;
  EXPECT_NE(second[0].find("Node#2.2@broken.cpp:97 .value "), std::string::npos) << trace;
  ASSERT_FALSE(stale.empty()) << trace;
  EXPECT_NE(stale.back().find("Node#2.2@broken.cpp:97 .value "), std::string::npos) << trace;
  // The slot's first value names the first node, its last the second.
  EXPECT_FALSE(lines_with(trace, "= Node#2@broken.cpp:90 ").empty()) << trace;
  EXPECT_FALSE(lines_with(trace, ":= Node#2.2@broken.cpp:97 ").empty()) << trace;
  // A replay names every block the same.
  EXPECT_EQ(format_trace(engine.replay(p, r.schedule), p, engine), trace);
}

TEST(MemoryErrors, SegfaultIsReportedAndTheRunContinues) {
  Engine engine;
  Program p = fixtures::null_window();
  RandomStrategy strategy(5, 500);
  int crashes = 0, completed = 0;
  Schedule crashing;
  engine.explore(p, strategy, [&](const ExecutionResult& r) {
    if (r.outcome == Outcome::kCrash) {
      if (crashes++ == 0) crashing = r.schedule;
      EXPECT_NE(r.message.find("Segmentation fault accessing 0x0 in T1 at "), std::string::npos)
          << r.message;
      EXPECT_EQ(r.thread, 1);
    } else {
      EXPECT_EQ(r.outcome, Outcome::kCompleted) << r.message;
      ++completed;
    }
    return true;
  });
  EXPECT_GT(crashes, 0);
  EXPECT_GT(completed, 0);
  EXPECT_EQ(engine.replay(p, crashing).outcome, Outcome::kCrash);
}

// A fault signal that a process sent (raise, kill) has no fault address: its siginfo holds the
// sender's pid where a fault's address would be.
TEST(MemoryErrors, ASignalSentByAProcessIsReportedWithoutAnAddress) {
  Engine engine;
  for (int sig : {SIGSEGV, SIGBUS}) {
    Program p;
    p.threads = {{{"raises()", [sig] { raise(sig); }}}};
    ExecutionResult r = testing::run_non_preemptive(engine, p);
    EXPECT_EQ(r.outcome, Outcome::kCrash) << r.message;
    EXPECT_EQ(r.message.rfind(std::string(strsignal(sig)) + " in T0 at ", 0), 0u) << r.message;
    EXPECT_EQ(r.message.find("accessing"), std::string::npos) << r.message;
  }
}

TEST(MemoryErrors, UncaughtExceptionIsReported) {
  Engine engine;
  Program p;
  p.threads = {{{"throws()", [] { throw std::runtime_error("boom"); }}}, {{"idle()", [] {}}}};
  RandomStrategy strategy(2, 10);
  uint64_t n = engine.explore(p, strategy, [&](const ExecutionResult& r) {
    EXPECT_EQ(r.outcome, Outcome::kUncaughtException);
    EXPECT_EQ(r.message, "uncaught exception: boom in throws()");
    EXPECT_EQ(r.thread, 0);
    return true;
  });
  EXPECT_EQ(n, 10u);
}

TEST(MemoryErrors, AbortIsReportedAndTheNextExecutionRuns) {
  Engine engine;
  Program aborting;
  aborting.threads = {{{"aborts()", [] { std::abort(); }}}};
  Program fine;
  fine.threads = {{{"nothing()", [] {}}}};
  for (int i = 0; i < 3; ++i) {
    RandomStrategy s1(1, 1), s2(1, 1);
    s1.begin_execution();
    const ExecutionResult& r = engine.run(aborting, s1);
    EXPECT_EQ(r.outcome, Outcome::kCrash);
    EXPECT_NE(r.message.find("Aborted"), std::string::npos) << r.message;
    s2.begin_execution();
    EXPECT_EQ(engine.run(fine, s2).outcome, Outcome::kCompleted);
  }
}

// assert() calls glibc's __assert_fail (declared here and called directly: NDEBUG builds drop
// assert() and its declaration). Its text is in the crash's message, and only in that
// execution's.
TEST(MemoryErrors, AFailedAssertionIsInTheCrashMessage) {
  Engine engine;
  Program asserting;
  asserting.threads = {
      {{"asserts()", [] { __assert_fail("size > 0", "/src/queue.h", 12, "pop"); }}}};
  Program aborting;
  aborting.threads = {{{"aborts()", [] { std::abort(); }}}};
  RandomStrategy s1(1, 1), s2(1, 1);
  s1.begin_execution();
  const ExecutionResult& r = engine.run(asserting, s1);
  EXPECT_EQ(r.outcome, Outcome::kCrash);
  EXPECT_EQ(
      r.message.rfind("Aborted (assertion `size > 0' failed in pop, queue.h:12) in T0 at ", 0), 0u)
      << r.message;
  s2.begin_execution();
  const ExecutionResult& again = engine.run(aborting, s2);
  EXPECT_EQ(again.message.find("assertion"), std::string::npos) << again.message;
}

TEST(MemoryErrors, ALoopWithoutStepsIsReportedAsAHang) {
  EngineOptions options;
  options.hang_timeout_ms = 500;
  Engine engine(options);
  Program p;
  p.threads = {{{"spins_locally()", [] {
                   for (;;) asm volatile("");
                 }}}};
  RandomStrategy strategy(1, 2);
  uint64_t n = engine.explore(p, strategy, [&](const ExecutionResult& r) {
    EXPECT_EQ(r.outcome, Outcome::kHang);
    EXPECT_NE(r.message.find("no scheduling point for 500 ms in T0"), std::string::npos)
        << r.message;
    return true;
  });
  EXPECT_EQ(n, 2u);
}

}  // namespace
}  // namespace lineup::engine
