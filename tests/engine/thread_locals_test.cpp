// thread_local variables in controlled code: one copy per logical thread, each starting every
// execution from the variable's initial value; dynamic initialisers run once per logical
// thread per execution, destructors once at each logical thread's end, as its steps; the same
// for a thread_local of a shared library; and the OS thread keeps its own copy. All of it
// holds with copies of the values (the default) and with a thread pointer per logical thread,
// which alone gives each logical thread its thread-locals at addresses of its own. The engine
// switches to the second on its own once a thread-local's address reaches shared memory.
#include <gtest/gtest.h>

#include <string>

#include "engine/engine.h"
#include "engine/strategy/random.h"
#include "engine/trace_printer.h"
#include "fixtures/fixtures.h"
#include "fixtures/tls_library.h"

namespace {
int constructed = 0;
int destroyed = 0;
}  // namespace

void thread_locals_constructed() { ++constructed; }
void thread_locals_destroyed() { ++destroyed; }

namespace lineup::engine {
namespace {

constexpr fixtures::ThreadLocalsSeen kFresh = [] {
  fixtures::ThreadLocalsSeen s{};
  for (auto& thread : s) thread = {{{100, 5, 7}, {101, 6, 8}}};
  return s;
}();

// The parameter: whether each logical thread has a thread pointer of its own.
class ThreadLocalsBothWays : public ::testing::TestWithParam<bool> {
 protected:
  EngineOptions options() const {
    EngineOptions o;
    o.thread_pointer_per_thread = GetParam();
    return o;
  }
};

INSTANTIATE_TEST_SUITE_P(ThreadLocals, ThreadLocalsBothWays, ::testing::Bool(),
                         [](const auto& info) {
                           return info.param ? "PointerPerThread" : "ValueCopies";
                         });

TEST_P(ThreadLocalsBothWays, EachLogicalThreadStartsEveryExecutionFromTheInitialValues) {
  constructed = destroyed = 0;
  int os_thread_before = tls_library_next();
  Engine engine(options());
  fixtures::ThreadLocalsSeen seen{};
  RandomStrategy strategy(11, 1000);
  auto mark = reinterpret_cast<uintptr_t>(fixtures::thread_locals_destructor_mark());
  auto plain = reinterpret_cast<uintptr_t>(fixtures::thread_locals_plain_address());
  int executions = 0;
  engine.explore(fixtures::thread_locals_program(&seen), strategy, [&](const ExecutionResult& r) {
    EXPECT_EQ(r.outcome, Outcome::kCompleted) << r.message;
    EXPECT_EQ(seen, kFresh);
    ++executions;
    EXPECT_EQ(constructed, 3 * executions);
    EXPECT_EQ(destroyed, 3 * executions);
    // No thread touches the OS thread's copy.
    for (const Transition& step : r.trace.steps) EXPECT_NE(step.addr, plain);
    // Each thread's last step is its thread_local's destructor, after its last call returned.
    for (ThreadId t = 0; t < 3; ++t) {
      size_t last = r.trace.steps.size();
      for (size_t i = 0; i < r.trace.steps.size(); ++i) {
        if (r.trace.steps[i].thread == t) last = i;
      }
      if (last == r.trace.steps.size()) {
        ADD_FAILURE() << "T" << t << " made no step";
        return false;
      }
      EXPECT_EQ(r.trace.steps[last].addr, mark) << "T" << t;
      for (const CallSpan& c : r.trace.calls) {
        if (c.thread == t) {
          EXPECT_LE(c.end_step, last);
        }
      }
    }
    seen = {};
    return !HasFailure();
  });
  EXPECT_EQ(executions, 1000);
  EXPECT_EQ(tls_library_next(), os_thread_before + 1);  // the OS thread's copy, untouched
  // No thread-local's address reached shared memory: no switch of thread pointers.
  EXPECT_EQ(engine.options().thread_pointer_per_thread, GetParam());
}

TEST(ThreadLocals, SharedWhenCopiesAreOff) {
  EngineOptions options;
  options.thread_local_copies = false;
  Engine engine(options);
  fixtures::ThreadLocalsSeen seen{};
  RandomStrategy strategy(12, 5);
  engine.explore(fixtures::thread_locals_program(&seen), strategy, [&](const ExecutionResult& r) {
    EXPECT_EQ(r.outcome, Outcome::kCompleted) << r.message;
    EXPECT_NE(seen, kFresh);
    seen = {};
    return true;
  });
}

TEST_P(ThreadLocalsBothWays, OneScheduleReplaysToTheSameTraceEveryTime) {
  Engine engine(options());
  fixtures::ThreadLocalsSeen seen{};
  Program program = fixtures::thread_locals_program(&seen);
  RandomStrategy strategy(13, 1);
  Schedule schedule;
  std::string first;
  engine.explore(program, strategy, [&](const ExecutionResult& r) {
    schedule = r.schedule;
    first = format_trace(r, program, engine);
    return true;
  });
  ASSERT_FALSE(schedule.choices.empty());
  for (int i = 0; i < 1000; ++i) {
    const ExecutionResult& again = engine.replay(program, schedule);
    ASSERT_EQ(again.outcome, Outcome::kCompleted) << again.message;
    ASSERT_EQ(format_trace(again, program, engine), first) << "replay " << i;
    ASSERT_EQ(seen, kFresh);
  }
}

// Where the logical threads see their thread-locals: at the OS thread's addresses with
// copies of the values; at three distinct addresses per variable, none the OS thread's and the
// same in every execution, with a thread pointer per logical thread (the shared library's
// thread_local too, found through the copied dynamic thread vector). Accesses to a copy are
// steps only in the second case: at one address, they would look like races between threads.
// With addresses of their own, another thread may reach a copy through a pointer.
TEST_P(ThreadLocalsBothWays, AddressesAreDistinctOnlyWithAThreadPointerPerThread) {
  EngineOptions o = options();
  o.thread_pointer_on_escape = false;  // the addresses written to `seen` would switch
  Engine engine(o);
  fixtures::ThreadLocalAddresses seen{};
  fixtures::ThreadLocalAddresses first{};
  std::array<const void*, 3> os_thread = {nullptr, fixtures::thread_locals_plain_address(),
                                          tls_library_address()};
  RandomStrategy strategy(15, 200);
  int executions = 0;
  engine.explore(fixtures::thread_local_addresses_program(&seen), strategy,
                 [&](const ExecutionResult& r) {
                   EXPECT_EQ(r.outcome, Outcome::kCompleted) << r.message;
                   if (executions++ == 0) first = seen;
                   EXPECT_EQ(seen, first);
                   for (size_t v = 1; v < 3; ++v) {
                     for (size_t t = 0; t < 3; ++t) {
                       EXPECT_EQ(seen[t][v] == os_thread[v], !GetParam()) << t << " " << v;
                     }
                   }
                   for (size_t t = 0; t < 3; ++t) {
                     int increments = 0;
                     for (const Transition& step : r.trace.steps) {
                       if (step.addr == reinterpret_cast<uintptr_t>(seen[t][1])) {
                         EXPECT_EQ(step.thread, static_cast<ThreadId>(t));
                         increments += step.kind == Kind::kWrite ? 1 : 0;
                       }
                     }
                     EXPECT_EQ(increments, GetParam() ? 1 : 0) << t;
                   }
                   for (size_t v = 0; v < 3; ++v) {
                     EXPECT_EQ(seen[0][v] != seen[1][v], GetParam()) << v;
                     EXPECT_EQ(seen[1][v] != seen[2][v], GetParam()) << v;
                     EXPECT_EQ(seen[0][v] != seen[2][v], GetParam()) << v;
                   }
                   seen = {};
                   return !HasFailure();
                 });
  EXPECT_EQ(executions, 200);
}

// The threads write their thread-locals' addresses to memory outside the heap (the test's):
// the first such write ends the first execution as abandoned and turns a thread pointer per
// logical thread on; every later execution runs in that mode, the addresses distinct.
TEST(ThreadLocals, AnAddressReachingSharedMemorySwitchesToAThreadPointerPerThread) {
  Engine engine;
  ASSERT_FALSE(engine.options().thread_pointer_per_thread);
  fixtures::ThreadLocalAddresses seen{};
  RandomStrategy strategy(16, 50);
  int executions = 0;
  engine.explore(
      fixtures::thread_local_addresses_program(&seen), strategy, [&](const ExecutionResult& r) {
        const bool first = executions++ == 0;
        EXPECT_EQ(r.thread_pointer_switched, first);
        EXPECT_EQ(r.outcome, first ? Outcome::kAbandoned : Outcome::kCompleted) << r.message;
        EXPECT_TRUE(engine.options().thread_pointer_per_thread);
        if (!first) {
          EXPECT_NE(seen[0][1], seen[1][1]);
          EXPECT_NE(seen[1][1], seen[2][1]);
          EXPECT_NE(seen[0][1], seen[2][1]);
        }
        seen = {};
        return !HasFailure();
      });
  EXPECT_EQ(executions, 50);
}

// With the switch turned off the addresses stay one per variable, and nothing is abandoned.
TEST(ThreadLocals, NoSwitchWhenTurnedOff) {
  EngineOptions o;
  o.thread_pointer_on_escape = false;
  Engine engine(o);
  fixtures::ThreadLocalAddresses seen{};
  RandomStrategy strategy(17, 50);
  engine.explore(fixtures::thread_local_addresses_program(&seen), strategy,
                 [&](const ExecutionResult& r) {
                   EXPECT_EQ(r.outcome, Outcome::kCompleted) << r.message;
                   EXPECT_FALSE(r.thread_pointer_switched);
                   EXPECT_EQ(seen[0][1], seen[1][1]);
                   seen = {};
                   return !HasFailure();
                 });
  EXPECT_FALSE(engine.options().thread_pointer_per_thread);
}

// A replay that switches is replayed again in the new mode, so it completes.
TEST(ThreadLocals, AReplayThatSwitchesRunsAgainWithAThreadPointerPerThread) {
  fixtures::ThreadLocalAddresses seen{};
  Program program = fixtures::thread_local_addresses_program(&seen);
  Schedule schedule;
  {
    // The schedule of an execution with a thread pointer per logical thread.
    EngineOptions o;
    o.thread_pointer_per_thread = true;
    Engine recorder(o);
    RandomStrategy strategy(18, 1);
    recorder.explore(program, strategy, [&](const ExecutionResult& r) {
      schedule = r.schedule;
      return true;
    });
  }
  ASSERT_FALSE(schedule.choices.empty());
  Engine engine;
  const ExecutionResult& r = engine.replay(program, schedule);
  EXPECT_EQ(r.outcome, Outcome::kCompleted) << r.message;
  EXPECT_FALSE(r.thread_pointer_switched);
  EXPECT_TRUE(engine.options().thread_pointer_per_thread);
  EXPECT_NE(seen[0][1], seen[1][1]);
}

// The first call into a lazily bound library is resolved by the dynamic linker on a fiber's
// stack. (The library's exit handler, which calls replaced pthread functions after the engine
// is gone, makes the test process fail if they do not work then.)
TEST(ThreadLocals, LazilyBoundLibrariesResolveOnFibers) {
  ASSERT_EQ(getenv("LD_BIND_NOW"), nullptr);
  Engine engine;
  std::array<int, 2> seen{};
  RandomStrategy strategy(14, 20);
  int executions = 0;
  engine.explore(fixtures::lazy_library_program(&seen), strategy, [&](const ExecutionResult& r) {
    EXPECT_EQ(r.outcome, Outcome::kCompleted) << r.message;
    EXPECT_EQ(seen, (std::array<int, 2>{42, 42}));
    ++executions;
    return true;
  });
  EXPECT_EQ(executions, 20);
}

}  // namespace
}  // namespace lineup::engine
