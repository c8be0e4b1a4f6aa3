// Every systematic strategy checked against brute-force enumeration on 1,000 random small
// programs (2-4 threads, 1-4 loads, stores, CASes, fetch_adds and mutex-guarded stores each,
// on 1-3 cells), and CB-DPOR on 400 more with longer critical sections:
//   dpor reaches every equivalence class with one execution each, and abandons none in
//   programs without locks;
//   cbdpor with bound c reaches every class that has an execution with at most c preemptions;
//   icb with bound c explores exactly the executions with at most c preemptions;
//   gambit with bound c (and without) explores exactly those executions, each once;
//   every explored execution's schedule replays to the identical trace.
#include <gtest/gtest.h>

#include <iostream>

#include "engine/strategy/cbdpor.h"
#include "engine/strategy/dpor.h"
#include "engine/strategy/gambit.h"
#include "engine/strategy/icb.h"
#include "engine/strategy/random_bits.h"
#include "exploration.h"
#include "fixtures/small_program.h"

namespace lineup::engine {
namespace {

using fixtures::CellOp;
using fixtures::SmallProgram;

constexpr int kPrograms = 1000;
constexpr uint64_t kMaxInterleavings = 3000;  // keeps brute force quick

// Scheduling points of one thread: a locked store is lock, store, unlock.
uint64_t points(const std::vector<CellOp>& ops) {
  uint64_t n = 0;
  for (const CellOp& op : ops) {
    n += op.kind == CellOp::kLockedStore ? 3 : op.kind == CellOp::kLockedMove ? 4 : 1;
  }
  return n;
}

// Interleavings of the threads' points ignoring locks (an upper bound when there are locks).
uint64_t interleavings(const SmallProgram& p) {
  // Multinomial (sum n_i)! / prod n_i!, built incrementally to stay exact.
  uint64_t result = 1, total = 0;
  for (const auto& ops : p) {
    for (uint64_t k = 1; k <= points(ops); ++k) {
      ++total;
      result = result * total / k;
    }
  }
  return result;
}

SmallProgram random_program(uint64_t& rng) {
  for (;;) {
    SmallProgram p(2 + bounded_random(rng, 3));
    int cells = 1 + static_cast<int>(bounded_random(rng, 3));
    for (auto& ops : p) {
      ops.resize(1 + bounded_random(rng, 4));
      for (CellOp& op : ops) {
        op.kind = static_cast<CellOp::Kind>(bounded_random(rng, 5));
        op.cell = static_cast<int>(bounded_random(rng, static_cast<uint64_t>(cells)));
        op.value = 1 + static_cast<int>(bounded_random(rng, 2));
      }
    }
    if (interleavings(p) <= kMaxInterleavings) return p;
  }
}

std::set<uint64_t> classes_within(const testing::Explored& all, int bound) {
  std::set<uint64_t> out;
  for (auto [f, fewest] : all.fewest_preemptions) {
    if (fewest <= bound) out.insert(f);
  }
  return out;
}

// The executions (trace digests) of `all` with at most `bound` preemptions (-1: every one).
std::multiset<uint64_t> executions_within(const testing::Explored& all, int bound) {
  std::multiset<uint64_t> out;
  for (size_t k = 0; k < all.digests.size(); ++k) {
    if (bound < 0 || all.preemptions[k] <= bound) out.insert(all.digests[k]);
  }
  return out;
}

size_t missing(const std::set<uint64_t>& wanted, const std::set<uint64_t>& got) {
  size_t n = 0;
  for (uint64_t f : wanted) n += got.count(f) == 0;
  return n;
}

// CB-DPOR with each bound 0-2 reaches every class of `p` that brute force reaches within
// that bound. Reports the first bound that misses one and returns false.
bool cbdpor_reaches_bounded_classes(Engine& engine, const Program& p) {
  IcbStrategy brute(-1);
  testing::Explored all = testing::explore(engine, p, brute);
  for (int c = 0; c <= 2; ++c) {
    CbDporStrategy cb(c, /*iterative=*/false);
    testing::Explored e = testing::explore(engine, p, cb);
    size_t n = missing(classes_within(all, c), e.classes);
    EXPECT_EQ(n, 0u) << "cbdpor missed, bound " << c;
    if (n != 0) return false;
  }
  return true;
}

TEST(Differential, StrategiesAgreeWithBruteForceOnRandomPrograms) {
  EngineOptions options;
  options.schedule_plain_accesses = false;  // one scheduling point per cell operation
  // The programs have no spin loops; without this, three identical loads in a row would be
  // taken for one and some interleavings of them left out of every strategy alike.
  options.detect_spins = false;
  Engine engine(options);
  uint64_t rng = 20261122;
  int first_loads = 0;
  uint64_t abandoned_with_locks = 0;
  for (int i = 0; i < kPrograms; ++i) {
    SmallProgram sp = random_program(rng);
    bool starts_with_load = true;
    for (const auto& ops : sp) starts_with_load &= ops.front().kind == CellOp::kLoad;
    first_loads += starts_with_load;
    SCOPED_TRACE("program " + std::to_string(i) + ": " + fixtures::describe(sp));
    Program p = fixtures::run_cells(sp);

    bool locks = false;
    for (const auto& ops : sp) {
      for (const CellOp& op : ops) locks |= op.kind == CellOp::kLockedStore;
    }
    IcbStrategy brute(-1);
    testing::Explored all = testing::explore(engine, p, brute);
    if (locks) {
      ASSERT_LE(all.executions, interleavings(sp));  // a held lock rules some out
    } else {
      ASSERT_EQ(all.executions, interleavings(sp));
    }

    DporStrategy dpor;
    testing::Explored d = testing::explore(engine, p, dpor);
    ASSERT_EQ(missing(all.classes, d.classes), 0u) << "dpor missed classes";
    // Optimal: one execution per class, and none abandoned (sleep-set blocked) unless a
    // thread blocks on a lock where a wakeup sequence wanted it to run.
    ASSERT_EQ(d.executions, d.classes.size()) << "dpor explored a class twice";
    if (!locks) {
      ASSERT_EQ(d.abandoned, 0u) << "dpor abandoned an execution";
    }
    abandoned_with_locks += d.abandoned;
    ASSERT_EQ(dpor.uncertain(), 0u);  // every racing CAS's outcome known

    for (int c = 0; c <= 2; ++c) {
      CbDporStrategy cb(c, /*iterative=*/false);
      testing::Explored e = testing::explore(engine, p, cb);
      ASSERT_EQ(missing(classes_within(all, c), e.classes), 0u) << "cbdpor missed, bound " << c;

      IcbStrategy icb(c);
      testing::Explored b = testing::explore(engine, p, icb);
      uint64_t within = 0;
      for (int n : all.preemptions) within += n <= c;
      ASSERT_EQ(b.executions, within) << "icb, bound " << c;
    }

    // Best-first: the same executions as brute force within each bound, each exactly once,
    // whatever the order its priorities give.
    for (int c = -1; c <= 2; ++c) {
      GambitStrategy gambit(c, /*seed=*/i);
      testing::Explored g = testing::explore(engine, p, gambit);
      std::multiset<uint64_t> got(g.digests.begin(), g.digests.end());
      ASSERT_EQ(got, executions_within(all, c)) << "gambit, bound " << c;
      ASSERT_EQ(gambit.coverage().bound_completed, c < 0 ? Coverage::kExhaustive : c);
    }

    // Schedules are data: each dpor execution replays to the same trace.
    for (size_t k = 0; k < d.schedules.size(); ++k) {
      const ExecutionResult& r = engine.replay(p, d.schedules[k]);
      ASSERT_EQ(r.outcome, Outcome::kCompleted) << r.message;
      ASSERT_EQ(testing::digest(r.trace), d.digests[k]) << d.schedules[k].to_token();
    }
  }
  // The generator must produce the shape that once broke another DPOR tool.
  EXPECT_GT(first_loads, 10);
  std::cout << "dpor: " << abandoned_with_locks << " executions abandoned, all with locks\n";
}

TEST(Differential, ThreadsThatStartWithALoadStillReachEveryClass) {
  EngineOptions options;
  options.schedule_plain_accesses = false;
  options.detect_spins = false;
  Engine engine(options);
  SmallProgram sp;
  for (int t = 0; t < 3; ++t) {
    sp.push_back({{CellOp::kLoad, 0, 0},
                  {CellOp::kStore, 0, t + 1},
                  {CellOp::kLoad, 1, 0},
                  {CellOp::kFetchAdd, 1, 1}});
  }
  Program p = fixtures::run_cells(sp);
  IcbStrategy brute(-1);
  testing::Explored all = testing::explore(engine, p, brute);
  DporStrategy dpor;
  testing::Explored d = testing::explore(engine, p, dpor);
  EXPECT_EQ(missing(all.classes, d.classes), 0u);
  EXPECT_LT(d.executions, all.executions);  // and it does reduce
  CbDporStrategy cb;
  testing::Explored e = testing::explore(engine, p, cb);
  EXPECT_EQ(missing(all.classes, e.classes), 0u);
  EXPECT_TRUE(cb.coverage().exhaustive());
}

// CB-DPOR as in Figure 3-2 misses the class "T0 cas, lock, store | T1 store | T0 unlock, load,
// T1 lock, store, unlock" at bound 1: it needs a preemption inside T0's critical section, and
// the sleeping T0 must wake up when T1 blocks on the lock.
TEST(Differential, DifferentialLocks) {
  EngineOptions options;
  options.schedule_plain_accesses = false;
  options.detect_spins = false;
  Engine engine(options);
  SmallProgram sp = {{{CellOp::kCas, 0, 1}, {CellOp::kLockedStore, 0, 1}, {CellOp::kLoad, 0, 0}},
                     {{CellOp::kStore, 0, 2}, {CellOp::kLockedStore, 0, 1}}};
  EXPECT_TRUE(cbdpor_reaches_bounded_classes(engine, fixtures::run_cells(sp)));
}

// Programs of loads, stores and critical sections of one and two steps (locked stores and
// moves), 2-3 threads: CB-DPOR must reach every class within its bound when the preemption
// that reaches a class is inside a longer critical section.
TEST(Differential, CbDporReachesClassesInsideLongerCriticalSections) {
  EngineOptions options;
  options.schedule_plain_accesses = false;
  options.detect_spins = false;
  Engine engine(options);
  uint64_t rng = 20261123;
  const CellOp::Kind kinds[] = {CellOp::kLoad, CellOp::kStore, CellOp::kLockedStore,
                                CellOp::kLockedMove, CellOp::kLockedMove};
  for (int i = 0; i < 400; ++i) {
    SmallProgram sp;
    do {
      sp.assign(2 + bounded_random(rng, 2), {});
      int cells = 1 + static_cast<int>(bounded_random(rng, 2));
      for (auto& ops : sp) {
        ops.resize(1 + bounded_random(rng, 3));
        for (CellOp& op : ops) {
          op.kind = kinds[bounded_random(rng, 5)];
          op.cell = static_cast<int>(bounded_random(rng, static_cast<uint64_t>(cells)));
          op.value = 1 + static_cast<int>(bounded_random(rng, 2));
        }
      }
    } while (interleavings(sp) > kMaxInterleavings);
    SCOPED_TRACE("program " + std::to_string(i) + ": " + fixtures::describe(sp));
    ASSERT_TRUE(cbdpor_reaches_bounded_classes(engine, fixtures::run_cells(sp)));
  }
}

}  // namespace
}  // namespace lineup::engine
