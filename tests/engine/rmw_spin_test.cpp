// Spin loops whose round is one read-modify-write that leaves memory as it is (a spin lock's
// `while (flag.test_and_set())` while another thread holds the flag): a spin like a load loop.
// The waiting thread is blocked until the holder's release changes the lock word, so every
// schedule ends, in SC and in c11 mode; two locks taken in opposite orders still deadlock.
#include <gtest/gtest.h>

#include <cstdint>

#include "engine/engine.h"
#include "engine/strategy/dfs.h"
#include "engine/strategy/icb.h"
#include "fixtures/spin_locks.h"

namespace lineup::engine {
namespace {

using fixtures::RmwLock;

constexpr RmwLock kKinds[] = {RmwLock::kTestAndSet, RmwLock::kExchange, RmwLock::kFetchOr};

struct Tally {
  uint64_t executions = 0, completed = 0, spin_blocks = 0, deadlocks = 0;
};

// Explores `p` under `strategy` to its end, counting outcomes; every execution of the counter
// must count `expected` increments.
Tally explore(Engine& engine, const Program& p, Strategy& strategy, const int* count,
              int expected) {
  Tally t;
  engine.explore(p, strategy, [&](const ExecutionResult& r) {
    ++t.executions;
    t.spin_blocks += r.spin_blocks;
    if (r.outcome == Outcome::kCompleted) {
      ++t.completed;
      if (count != nullptr) {
        EXPECT_EQ(*count, expected);
      }
    } else if (r.outcome == Outcome::kDeadlock) {
      ++t.deadlocks;
    } else {
      ADD_FAILURE() << to_string(r.outcome) << ": " << r.message;
    }
    return true;
  });
  return t;
}

// Every schedule a strategy of `Search` (made from `args`) explores of two threads
// incrementing twice under each lock ends, each with four increments, and some thread is
// blocked as spinning on the way.
template <class Search, class... Args>
void expect_every_schedule_ends(const EngineOptions& options, Args... args) {
  for (RmwLock kind : kKinds) {
    Search strategy(args...);
    SCOPED_TRACE(static_cast<int>(kind));
    Engine engine(options);
    engine.options().step_limit = 20000;
    int count = 0;
    Program p = fixtures::rmw_lock_counter(kind, 2, 2, &count);
    Tally t = explore(engine, p, strategy, &count, 4);
    EXPECT_GT(t.executions, 0u);
    EXPECT_EQ(t.completed, t.executions);
    EXPECT_GT(t.spin_blocks, 0u);
  }
}

// Every schedule with at most one preemption: a thread preempted inside its critical section
// leaves the other spinning on the lock with no preemption left, which ran into the step limit
// before such rounds were spins.
TEST(RmwSpin, EveryScheduleOfASpinLockEndsUnderSc) {
  expect_every_schedule_ends<IcbStrategy>(EngineOptions{}, 1);
}

// The same under c11 mode's systematic search (dfs, bound 1, every read choice).
TEST(RmwSpin, EveryScheduleOfASpinLockEndsUnderC11) {
  EngineOptions options;
  options.memory_model = MemoryModel::kC11;
  expect_every_schedule_ends<DfsStrategy>(options, 1, -1);
}

// Two locks taken in opposite orders: each thread holding its first lock spins on the other's,
// and the execution ends as the deadlock it is instead of at the step limit.
TEST(RmwSpin, OppositeLockOrdersDeadlock) {
  for (RmwLock kind : kKinds) {
    SCOPED_TRACE(static_cast<int>(kind));
    Engine engine;
    engine.options().step_limit = 20000;
    Program p = fixtures::rmw_locks_in_opposite_orders(kind);
    IcbStrategy icb(1);
    Tally t = explore(engine, p, icb, nullptr, 0);
    EXPECT_GT(t.deadlocks, 0u);
    EXPECT_GT(t.completed, 0u);
  }
}

}  // namespace
}  // namespace lineup::engine
