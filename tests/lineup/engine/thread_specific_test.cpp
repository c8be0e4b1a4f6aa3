// pthread_getspecific / pthread_setspecific in controlled code: one value per logical thread
// (setup and teardown share one), none carried over from one execution to the next, and the
// OS thread's own value untouched.
#include <gtest/gtest.h>
#include <pthread.h>

#include "fixtures/fixtures.h"
#include "lineup/engine/engine.h"
#include "lineup/engine/strategy/random.h"

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

}  // namespace
}  // namespace lineup::engine
