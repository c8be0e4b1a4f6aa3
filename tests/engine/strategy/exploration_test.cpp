// Exact exploration counts of the systematic strategies on small programs, with the reasoning
// for each number.
#include <gtest/gtest.h>

#include "engine/strategy/cbdpor.h"
#include "engine/strategy/dpor.h"
#include "engine/strategy/icb.h"
#include "exploration.h"
#include "fixtures/small_program.h"

namespace lineup::engine {
namespace {

using fixtures::CellOp;
using fixtures::SmallProgram;

EngineOptions atomics_only() {
  EngineOptions o;
  o.schedule_plain_accesses = false;
  return o;
}

SmallProgram three_threads_three_stores(bool same_cell) {
  SmallProgram p;
  for (int t = 0; t < 3; ++t) {
    int cell = same_cell ? 0 : t;
    p.push_back({{CellOp::kStore, cell, t + 1},
                 {CellOp::kStore, cell, t + 4},
                 {CellOp::kStore, cell, t + 7}});
  }
  return p;
}

// 9 steps, 3 per thread: 9! / (3! 3! 3!) = 1,680 interleavings.
constexpr uint64_t kInterleavings = 1680;

TEST(Exploration, WritesToOneLocationMakeEveryInterleavingItsOwnClass) {
  Engine engine(atomics_only());
  Program p = fixtures::run_cells(three_threads_three_stores(true));
  IcbStrategy brute(-1);
  testing::Explored all = testing::explore(engine, p, brute);
  EXPECT_EQ(all.executions, kInterleavings);
  // Every pair of stores to one location is dependent: no two interleavings are equivalent.
  EXPECT_EQ(all.classes.size(), kInterleavings);
  DporStrategy dpor;
  testing::Explored d = testing::explore(engine, p, dpor);
  EXPECT_EQ(d.executions, kInterleavings);
  EXPECT_EQ(d.classes.size(), kInterleavings);
  EXPECT_EQ(d.abandoned, 0u);
}

TEST(Exploration, WritesToDifferentLocationsAreOneClass) {
  Engine engine(atomics_only());
  Program p = fixtures::run_cells(three_threads_three_stores(false));
  IcbStrategy brute(-1);
  testing::Explored all = testing::explore(engine, p, brute);
  EXPECT_EQ(all.executions, kInterleavings);
  EXPECT_EQ(all.classes.size(), 1u);  // nothing depends on anything across threads
  DporStrategy dpor;
  testing::Explored d = testing::explore(engine, p, dpor);
  EXPECT_EQ(d.executions, 1u);
  // CB-DPOR tries every thread at implicit switch points (the start, and whenever a thread
  // finishes) without reduction there: the 3! orders of whole threads, never a preemption.
  CbDporStrategy cb;
  testing::Explored c = testing::explore(engine, p, cb);
  EXPECT_EQ(c.executions, 6u);
  EXPECT_EQ(c.classes.size(), 1u);
  EXPECT_TRUE(cb.coverage().exhaustive());
}

// Three threads compare-and-swap one cell from 0: whichever runs first succeeds, and the other
// two fail, reading its value. Failed CASes only read, so their order does not matter: 3
// classes of the 3! interleavings. A pending CAS that would fail is a read for the sleep
// sets too, so DPOR explores each class once with none abandoned. (Taken for the write it
// may be, the two failing CASes were ordered both ways, each order its own execution.)
TEST(Exploration, FailingCasesAreReads) {
  Engine engine(atomics_only());
  SmallProgram sp;
  for (int t = 0; t < 3; ++t) sp.push_back({{CellOp::kCas, 0, t + 1}});
  Program p = fixtures::run_cells(sp);
  IcbStrategy brute(-1);
  testing::Explored all = testing::explore(engine, p, brute);
  EXPECT_EQ(all.executions, 6u);
  EXPECT_EQ(all.classes.size(), 3u);
  DporStrategy dpor;
  testing::Explored d = testing::explore(engine, p, dpor);
  EXPECT_EQ(d.executions, 3u);
  EXPECT_EQ(d.classes.size(), 3u);
  EXPECT_EQ(d.abandoned, 0u);
  // CB-DPOR tries every thread where one finishes, as it does at the start: all 3! orders.
  CbDporStrategy cb;
  testing::Explored c = testing::explore(engine, p, cb);
  EXPECT_EQ(c.classes.size(), 3u);
  EXPECT_EQ(c.executions, 6u);
}

// Executions of `all` (a brute-force run) with at most `bound` preemptions.
uint64_t with_at_most(const testing::Explored& all, int bound) {
  uint64_t n = 0;
  for (int p : all.preemptions) n += p <= bound;
  return n;
}

TEST(Exploration, IcbExploresExactlyTheExecutionsWithinEachBound) {
  Engine engine(atomics_only());
  for (bool same : {true, false}) {
    Program p = fixtures::run_cells(three_threads_three_stores(same));
    IcbStrategy brute(-1);
    testing::Explored all = testing::explore(engine, p, brute);
    // Bound 0: a thread runs to its end before another starts: 3! = 6 orders.
    EXPECT_EQ(with_at_most(all, 0), 6u);
    for (int c = 0; c <= 2; ++c) {
      IcbStrategy icb(c);
      testing::Explored e = testing::explore(engine, p, icb);
      EXPECT_EQ(e.executions, with_at_most(all, c)) << "bound " << c;
      std::set<std::string> distinct;
      for (const Schedule& s : e.schedules) distinct.insert(s.to_token());
      EXPECT_EQ(distinct.size(), e.executions) << "bound " << c << ": an execution repeated";
      EXPECT_EQ(icb.coverage().bound_completed, c);
    }
  }
}

}  // namespace
}  // namespace lineup::engine
