// c11 mode and spin loops. C++ requires an atomic store to become visible to atomic loads
// within a finite time ([intro.progress], [atomics.order]): a loop that keeps reading a stale
// value of a flag while a newer store exists is not stuck, and c11 mode must not report it as a
// deadlock. A loop whose rounds read the latest store of every location still is one.
#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <map>

#include "engine/engine.h"
#include "engine/strategy/dfs.h"
#include "engine/strategy/random.h"
#include "fixtures/spin_locks.h"

namespace lineup::engine {
namespace {

EngineOptions c11() {
  EngineOptions options;
  options.memory_model = MemoryModel::kC11;
  return options;
}

// The outcomes of the first `limit` executions `strategy` explores; `each` runs after every
// completed one.
std::map<Outcome, uint64_t> outcomes(const Program& p, Strategy& strategy, uint64_t limit,
                                     const std::function<void()>& each) {
  Engine engine(c11());
  std::map<Outcome, uint64_t> seen;
  uint64_t executions = 0;
  engine.explore(p, strategy, [&](const ExecutionResult& r) {
    ++seen[r.outcome];
    if (r.outcome == Outcome::kCompleted) each();
    EXPECT_NE(r.outcome, Outcome::kDeadlock) << r.message << "\n" << r.schedule.to_token();
    return r.outcome != Outcome::kDeadlock && ++executions < limit;
  });
  return seen;
}

// Three threads taking a test-and-test-and-set lock three times each, under the systematic c11
// search (dfs, bound 2), which tries the oldest readable store first: its executions re-read
// the stale flag round after round. The first 10,000 all complete, with nine increments.
TEST(C11Progress, SpinLockUnderSystematicStaleReadsNeverDeadlocks) {
  int count = 0;
  Program p = fixtures::spin_lock_counter(3, 3, &count);
  DfsStrategy dfs(2, -1);
  auto seen = outcomes(p, dfs, 10000, [&] { EXPECT_EQ(count, 9); });
  EXPECT_EQ(seen[Outcome::kCompleted], 10000u);
}

// The same program under random schedules and read choices.
TEST(C11Progress, SpinLockUnderRandomStaleReadsAlwaysCompletes) {
  int count = 0;
  Program p = fixtures::spin_lock_counter(3, 3, &count);
  RandomStrategy random(1, 10000);
  auto seen = outcomes(p, random, 10000, [&] { EXPECT_EQ(count, 9); });
  EXPECT_EQ(seen[Outcome::kCompleted], 10000u);
}

// Two threads, two calls each, explored to the end (dfs, bound 1, every read choice).
TEST(C11Progress, SpinLockExploredToTheEndNeverDeadlocks) {
  int count = 0;
  Program p = fixtures::spin_lock_counter(2, 2, &count);
  DfsStrategy dfs(1, -1);
  auto seen = outcomes(p, dfs, UINT64_MAX, [&] { EXPECT_EQ(count, 4); });
  EXPECT_GT(seen[Outcome::kCompleted], 0u);
  EXPECT_EQ(seen.size(), 1u);
}

// A wait for a flag already set, whose loop reads the stale initial value round after round,
// is let on to the newest store and counted as such (ExecutionResult::stale_spin_cuts), not as
// a spin block: nothing blocked it. A wait that began before the store is a spin block, and
// counted as one. Both occur, in different executions.
TEST(C11Progress, AStaleSpinCutIsCountedApartFromSpinBlocks) {
  Engine engine(c11());
  Program p = fixtures::flag_wait();
  DfsStrategy dfs(2, -1);
  uint64_t cut_only = 0, blocked_only = 0;
  engine.explore(p, dfs, [&](const ExecutionResult& r) {
    EXPECT_EQ(r.outcome, Outcome::kCompleted) << r.message;
    EXPECT_LE(r.stale_spin_cuts, 1u);
    if (r.stale_spin_cuts == 1 && r.spin_blocks == 0) ++cut_only;
    if (r.stale_spin_cuts == 0 && r.spin_blocks != 0) ++blocked_only;
    return true;
  });
  EXPECT_GT(cut_only, 0u);
  EXPECT_GT(blocked_only, 0u);
}

// Two locks taken in opposite orders: the deadlock is real, and still reported.
TEST(C11Progress, OppositeLockOrdersStillDeadlock) {
  Engine engine(c11());
  Program p = fixtures::spin_locks_in_opposite_orders();
  RandomStrategy random(1, 2000);
  uint64_t deadlocks = 0;
  engine.explore(p, random, [&](const ExecutionResult& r) {
    if (r.outcome == Outcome::kDeadlock) ++deadlocks;
    EXPECT_TRUE(r.outcome == Outcome::kCompleted || r.outcome == Outcome::kDeadlock) << r.message;
    return true;
  });
  EXPECT_GT(deadlocks, 0u);
}

}  // namespace
}  // namespace lineup::engine
