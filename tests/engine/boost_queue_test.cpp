// Boost.Lockfree's queue under the engine: the transitions of one push and one pop, traces
// with source locations, and 3-thread random runs that lose nothing.
#include <gtest/gtest.h>

#include <algorithm>

#include "engine/engine.h"
#include "engine/strategy/random.h"
#include "engine/trace_printer.h"
#include "fixtures/fixtures.h"
#include "random_runs.h"

namespace lineup::engine {
namespace {

struct AtomicCounts {
  int cas = 0, failed_cas = 0, loads = 0, stores = 0, other_rmw = 0;
};

AtomicCounts count_atomics(const Trace& trace, size_t first, size_t end) {
  AtomicCounts c;
  for (size_t i = first; i < end; ++i) {
    const Transition& t = trace.steps[i];
    if (!t.has(kAtomic)) continue;
    if (t.has(kCas)) {
      (t.has(kFailed) ? c.failed_cas : c.cas)++;
    } else if (t.kind == Kind::kRead) {
      ++c.loads;
    } else if (t.kind == Kind::kWrite) {
      ++c.stores;
    } else {
      ++c.other_rmw;
    }
  }
  return c;
}

ExecutionResult run_push_pop(Engine& engine, int* popped) {
  Program p = fixtures::boost_queue_push_pop(popped);
  RandomStrategy strategy(1, 1);
  strategy.begin_execution();
  return engine.run(p, strategy);
}

TEST(BoostQueue, PushAndPopPerformTheExpectedAtomicOperations) {
  Engine engine;
  int popped = 0;
  ExecutionResult r = run_push_pop(engine, &popped);
  ASSERT_EQ(r.outcome, Outcome::kCompleted) << r.message;
  EXPECT_EQ(popped, 1);
  ASSERT_EQ(r.trace.calls.size(), 2u);
  const CallSpan& push = r.trace.calls[0];
  const CallSpan& pop = r.trace.calls[1];
  AtomicCounts a = count_atomics(r.trace, push.first_step, push.end_step);
  // Boost 1.74, uncontended push onto queue(4) (nodes preallocated in the freelist):
  //   freelist_stack::allocate_impl: load pool_, CAS pool_            1 load, 1 CAS
  //   node::node: load next, store next (tag increment)               1 load, 1 store
  //   do_push loop: load tail_, load tail->next, load tail_ again,
  //                 CAS tail->next, CAS tail_                          3 loads, 2 CAS
  EXPECT_EQ(a.cas, 3);
  EXPECT_EQ(a.loads, 5);
  EXPECT_EQ(a.stores, 1);
  EXPECT_EQ(a.failed_cas, 0);
  EXPECT_EQ(a.other_rmw, 0);
  AtomicCounts b = count_atomics(r.trace, pop.first_step, pop.end_step);
  // pop of the one element:
  //   loop: load head_, load tail_, load head->next, load head_ again,
  //         CAS head_                                                  4 loads, 1 CAS
  //   freelist_stack::deallocate_impl: load pool_, CAS pool_           1 load, 1 CAS
  EXPECT_EQ(b.cas, 2);
  EXPECT_EQ(b.loads, 5);
  EXPECT_EQ(b.stores, 0);
  EXPECT_EQ(b.failed_cas, 0);
}

TEST(BoostQueue, TraceOfAPushShowsFileAndLine) {
  Engine engine;
  int popped = 0;
  Program p = fixtures::boost_queue_push_pop(&popped);
  RandomStrategy strategy(1, 1);
  strategy.begin_execution();
  const ExecutionResult& r = engine.run(p, strategy);
  std::string text = format_trace(r, p, engine);
  EXPECT_NE(text.find("T0 calls push(1)"), std::string::npos) << text;
  EXPECT_NE(text.find("queue.hpp:"), std::string::npos) << text;
  EXPECT_NE(text.find("CAS"), std::string::npos) << text;
  // Every atomic step of the push names a Boost source line.
  const CallSpan& push = r.trace.calls[0];
  for (size_t i = push.first_step; i < push.end_step; ++i) {
    if (!r.trace.steps[i].has(kAtomic)) continue;
    std::string line = format_step(r.trace.steps[i], i, engine);
    EXPECT_TRUE(line.find(".hpp:") != std::string::npos) << line;
  }
}

TEST(BoostQueue, ThreeThreadsLoseAndDuplicateNothingOverRandomSchedules) {
  uint64_t n = testing::run_conserving("boost-queue", 2024, 10'000);
  EXPECT_EQ(n, 10'000u);
}

}  // namespace
}  // namespace lineup::engine
