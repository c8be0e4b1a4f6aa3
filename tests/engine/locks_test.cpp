// std::mutex in controlled code: modelled by the engine, never blocking the OS thread.
#include <gtest/gtest.h>

#include "engine/engine.h"
#include "engine/strategy/random.h"
#include "fixtures/fixtures.h"
#include "random_runs.h"
#include "test_runs.h"

namespace lineup::engine {
namespace {

TEST(Locks, MutexQueueRunsTenThousandRandomSchedulesWithoutLoss) {
  uint64_t n = testing::run_conserving("mutex-queue", 42, 10'000);
  EXPECT_EQ(n, 10'000u);
}

TEST(Locks, LockOrderInversionIsReportedAsDeadlock) {
  Engine engine;
  Program p = fixtures::lock_order_inversion();
  RandomStrategy strategy(9, 500);
  int deadlocks = 0, completed = 0;
  std::string message;
  engine.explore(p, strategy, [&](const ExecutionResult& r) {
    if (r.outcome == Outcome::kDeadlock) {
      ++deadlocks;
      message = r.message;
    } else {
      EXPECT_EQ(r.outcome, Outcome::kCompleted) << r.message;
      ++completed;
    }
    return true;
  });
  EXPECT_GT(deadlocks, 0);
  EXPECT_GT(completed, 0);
  EXPECT_NE(message.find("T0 waits for lock"), std::string::npos) << message;
  EXPECT_NE(message.find("held by T1"), std::string::npos) << message;
  EXPECT_NE(message.find("held by T0"), std::string::npos) << message;
}

TEST(Locks, ConditionVariablesHandOverEveryValue) {
  Engine engine;
  fixtures::Observed seen;
  Program p = fixtures::blocking_queue_program(&seen);
  RandomStrategy strategy(8, 5000);
  engine.explore(p, strategy, [&](const ExecutionResult& r) {
    EXPECT_EQ(r.outcome, Outcome::kCompleted) << r.message;
    EXPECT_EQ(seen.removed.sorted(), (std::vector<int>{1, 2}));
    return r.ok() && !::testing::Test::HasFailure();
  });
}

TEST(Locks, SharedMutexExcludesWritersButNotReaders) {
  Engine engine;
  fixtures::Observed seen;
  Program p = fixtures::shared_counter_program(&seen);
  RandomStrategy strategy(4, 5000);
  bool readers_overlapped = false;
  engine.explore(p, strategy, [&](const ExecutionResult& r) {
    EXPECT_EQ(r.outcome, Outcome::kCompleted) << r.message;
    EXPECT_EQ(seen.left.sorted(), (std::vector<int>{2}));  // no lost increment
    // Two read locks held at once: a read-lock step while another read lock is held.
    int held = 0;
    for (const Transition& t : r.trace.steps) {
      if (t.kind == Kind::kReadLock) readers_overlapped |= ++held > 1;
      if (t.kind == Kind::kUnlock && held > 0) --held;
      if (t.kind == Kind::kLock) held = 0;
    }
    return r.ok() && !::testing::Test::HasFailure();
  });
  EXPECT_TRUE(readers_overlapped);
}

// Timed readers-writer acquisitions and POSIX spin locks are modelled locks too: glibc's own
// would either act on a lock the engine thinks free or spin the one OS thread for ever.
class OtherLocks : public ::testing::TestWithParam<fixtures::CounterLock> {};

TEST_P(OtherLocks, GuardEveryIncrementInEveryClass) {
  fixtures::Observed seen;
  Program p = fixtures::shared_counter_program(&seen, GetParam());
  uint64_t completed = testing::explore_every_class(p, [&] {
    EXPECT_EQ(seen.left.sorted(), (std::vector<int>{2}));
    for (int v : seen.removed.sorted()) EXPECT_TRUE(v >= 0 && v <= 2) << v;
  });
  EXPECT_GT(completed, 10u);
}

INSTANTIATE_TEST_SUITE_P(Kinds, OtherLocks,
                         ::testing::Values(fixtures::CounterLock::kSharedTimedMutex,
                                           fixtures::CounterLock::kSpinLock));

}  // namespace
}  // namespace lineup::engine
