// pthread_getspecific / pthread_setspecific in controlled code: one value per logical thread
// (setup and teardown share one), none carried over from one execution to the next, and the
// OS thread's own value untouched. errno: one per logical thread, and no shared location.
// Thread ids: one per logical thread, stable, and none the OS thread's. std::shared_ptr
// counts: atomic, as in any process with threads.
#include <gtest/gtest.h>
#include <pthread.h>

#include <cerrno>
#include <thread>

#include "engine/engine.h"
#include "engine/strategy/dpor.h"
#include "engine/strategy/random.h"
#include "fixtures/fixtures.h"

namespace lineup::engine {
namespace {

TEST(ThreadSpecific, EachLogicalThreadHasItsOwnValueInEveryExecution) {
  Engine engine;
  fixtures::ThreadSpecificSeen seen;
  RandomStrategy strategy(5, 200);
  int executions = 0;
  engine.explore(fixtures::thread_specific_program(&seen), strategy, [&](const ExecutionResult& r) {
    EXPECT_EQ(r.outcome, Outcome::kCompleted) << r.message;
    for (int party = 0; party < 3; ++party) {
      EXPECT_EQ(seen.before[static_cast<size_t>(party)], 0) << party;
      EXPECT_EQ(seen.after[static_cast<size_t>(party)], party + 100) << party;
    }
    EXPECT_EQ(seen.teardown, 100);  // setup's value
    seen = {};
    ++executions;
    return true;
  });
  EXPECT_EQ(executions, 200);
}

TEST(ThreadSpecific, TheOsThreadKeepsItsOwnValue) {
  pthread_key_t key;
  ASSERT_EQ(pthread_key_create(&key, nullptr), 0);
  int mine = 0;
  ASSERT_EQ(pthread_setspecific(key, &mine), 0);
  Engine engine;
  fixtures::ThreadSpecificSeen seen;
  RandomStrategy strategy(6, 10);
  engine.explore(fixtures::thread_specific_program(&seen), strategy,
                 [](const ExecutionResult&) { return true; });
  EXPECT_EQ(pthread_getspecific(key), &mine);
  pthread_key_delete(key);
}

TEST(ThreadSpecific, EachLogicalThreadHasItsOwnErrno) {
  // Every interleaving: each thread reads back its own errno, and errno is never a step (so
  // it makes no dependency between the threads: the two fetch_adds' orders are the classes).
  Engine engine;
  std::array<int, 2> seen{};
  DporStrategy dpor;
  errno = 3;
  auto shared = reinterpret_cast<uintptr_t>(&errno);
  uint64_t n = engine.explore(fixtures::errno_program(&seen), dpor, [&](const ExecutionResult& r) {
    EXPECT_EQ(r.outcome, Outcome::kCompleted) << r.message;
    EXPECT_EQ(seen, (std::array<int, 2>{10, 11}));
    for (const Transition& step : r.trace.steps) EXPECT_NE(step.addr, shared);
    seen = {};
    return true;
  });
  EXPECT_TRUE(dpor.coverage().exhaustive());
  EXPECT_EQ(n, 6u);  // orders of T0's two fetch_adds and T1's two: C(4, 2)
  EXPECT_EQ(errno, 3);
}

TEST(ThreadSpecific, EachLogicalThreadHasItsOwnStableId) {
  Engine engine;
  std::array<std::array<std::thread::id, 2>, 2> seen{};
  std::array<std::thread::id, 2> first{};
  DporStrategy dpor;
  uint64_t n =
      engine.explore(fixtures::thread_id_program(&seen), dpor, [&](const ExecutionResult& r) {
        EXPECT_EQ(r.outcome, Outcome::kCompleted) << r.message;
        for (size_t t = 0; t < 2; ++t) {
          EXPECT_EQ(seen[t][0], seen[t][1]) << t;
          EXPECT_NE(seen[t][0], std::this_thread::get_id()) << t;
          if (first[t] == std::thread::id()) first[t] = seen[t][0];
          EXPECT_EQ(seen[t][0], first[t]) << t;  // the same in every execution
        }
        EXPECT_NE(seen[0][0], seen[1][0]);
        return true;
      });
  EXPECT_EQ(n, 2u);  // the two orders of the fetch_adds
}

TEST(ThreadSpecific, SharedPtrCountsStayAtomicUnderTheEngine) {
  // This test process has one OS thread. glibc would call it single-threaded and libstdc++
  // would then update shared_ptr counts with plain read-modify-write sequences, which a
  // preemption splits: a lost update, and the int freed while a copy still uses it.
  Engine engine;
  long final_count = 0;
  DporStrategy dpor;
  uint64_t n = engine.explore(fixtures::shared_ptr_copies(&final_count), dpor,
                              [&](const ExecutionResult& r) {
                                EXPECT_EQ(r.outcome, Outcome::kCompleted) << r.message;
                                EXPECT_EQ(final_count, 1);
                                return r.ok();
                              });
  EXPECT_TRUE(dpor.coverage().exhaustive());
  EXPECT_GT(n, 1u);
}

}  // namespace
}  // namespace lineup::engine
