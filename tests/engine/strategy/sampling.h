// Checks shared by the tests of the sampling strategies (pos_test, surw_test) and of those that
// order or mix them (gambit_test, portfolio_test): small random cell programs, each sampled
// strategy run against brute-force enumeration of the same program, and the schedule tokens
// of a seeded run.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "engine/strategy/icb.h"
#include "engine/strategy/random_bits.h"
#include "exploration.h"
#include "fixtures/small_program.h"

namespace lineup::engine::testing {

/// Three threads that each store to cell 0 and add to cell 1 (90 interleavings).
inline Program racing_threads() {
  fixtures::SmallProgram sp;
  for (int t = 0; t < 3; ++t) {
    sp.push_back({{fixtures::CellOp::kStore, 0, t + 1}, {fixtures::CellOp::kFetchAdd, 1, 1}});
  }
  return fixtures::run_cells(sp);
}

/// The engine options of the brute-force comparisons: one scheduling point per cell
/// operation, and no spin detection (the programs have no spin loops; three identical loads
/// in a row must stay three steps).
inline EngineOptions cell_options() {
  EngineOptions options;
  options.schedule_plain_accesses = false;
  options.detect_spins = false;
  return options;
}

/// A program as random_cell_program draws them, of any size.
inline fixtures::SmallProgram random_cell_program_any(uint64_t& rng) {
  using fixtures::CellOp;
  fixtures::SmallProgram p(2 + bounded_random(rng, 2));
  int cells = 1 + static_cast<int>(bounded_random(rng, 2));
  for (auto& ops : p) {
    ops.resize(1 + bounded_random(rng, 3));
    for (CellOp& op : ops) {
      op.kind = static_cast<CellOp::Kind>(bounded_random(rng, 5));
      op.cell = static_cast<int>(bounded_random(rng, static_cast<uint64_t>(cells)));
      op.value = 1 + static_cast<int>(bounded_random(rng, 2));
    }
  }
  return p;
}

/// Interleavings of the threads' scheduling points, ignoring locks (a locked store is three).
inline uint64_t cell_interleavings(const fixtures::SmallProgram& p) {
  uint64_t result = 1, total = 0;  // the multinomial, built incrementally to stay exact
  for (const auto& ops : p) {
    uint64_t points = 0;
    for (const fixtures::CellOp& op : ops) {
      points += op.kind == fixtures::CellOp::kLockedStore ? 3 : 1;
    }
    for (uint64_t k = 1; k <= points; ++k) result = result * ++total / k;
  }
  return result;
}

/// A program of 2-3 threads with 1-3 loads, stores, CASes, fetch_adds and mutex-guarded
/// stores each, on 1-2 cells, with at most 90 interleavings (so that a few thousand samples
/// can be expected to reach every class).
inline fixtures::SmallProgram random_cell_program(uint64_t& rng) {
  fixtures::SmallProgram p;
  do {
    p = random_cell_program_any(rng);
  } while (cell_interleavings(p) > 90);
  return p;
}

/// What a sampling strategy did on a program, next to brute force.
struct Sampled {
  size_t classes = 0;   // equivalence classes brute force finds
  size_t reached = 0;   // of those, the ones the strategy reached
  size_t outside = 0;   // executions whose class brute force does not know (must be 0)
  uint64_t needed = 0;  // executions until the last class was first reached
  uint64_t executions = 0;
};

/// Runs `strategy` (built with a cap on its executions) on `p` and compares the classes of
/// its executions with those of brute force (icb without a bound: every interleaving).
inline Sampled sample_against_brute_force(Engine& engine, const Program& p, Strategy& strategy) {
  IcbStrategy brute(-1);
  Explored all = explore(engine, p, brute);
  Sampled out;
  out.classes = all.classes.size();
  std::set<uint64_t> seen;
  int threads = static_cast<int>(p.threads.size());
  engine.explore(p, strategy, [&](const ExecutionResult& r) {
    EXPECT_EQ(r.outcome, Outcome::kCompleted) << r.message;
    ++out.executions;
    uint64_t f = fingerprint(r.trace, threads);
    if (all.classes.count(f) == 0) {
      ++out.outside;
    } else if (seen.insert(f).second) {
      out.needed = out.executions;
    }
    return true;
  });
  out.reached = seen.size();
  return out;
}

/// Samples 300 random cell programs (drawn from `rng_seed`), program i with the strategy
/// `make(i + 1)` builds for 3,000 executions, and expects of each: exactly 3,000 executions,
/// none outside brute force's classes, every class reached. Prints how many classes there
/// were and how many executions the slowest program needed to reach all of them.
template <class MakeStrategy>
void expect_every_class_sampled(const char* name, uint64_t rng_seed, MakeStrategy make) {
  Engine engine(cell_options());
  uint64_t rng = rng_seed;
  size_t classes = 0;
  uint64_t most_needed = 0;
  for (int i = 0; i < 300; ++i) {
    fixtures::SmallProgram sp = random_cell_program(rng);
    SCOPED_TRACE("program " + std::to_string(i) + ": " + fixtures::describe(sp));
    auto strategy = make(static_cast<uint64_t>(i) + 1, uint64_t{3000});
    Sampled s = sample_against_brute_force(engine, fixtures::run_cells(sp), strategy);
    ASSERT_EQ(s.executions, 3000u);  // exactly the executions asked for
    ASSERT_EQ(s.outside, 0u) << "an execution brute force does not have";
    ASSERT_EQ(s.reached, s.classes) << "classes missed in 3000 executions";
    classes += s.classes;
    most_needed = std::max(most_needed, s.needed);
  }
  EXPECT_GT(classes, 1000u);  // the programs do have races to sample
  std::cout << name << ": " << classes << " classes, the last one reached after at most "
            << most_needed << " executions\n";
}

/// The schedule tokens of the executions `strategy` runs on `p`.
inline std::vector<std::string> schedule_tokens(Engine& engine, const Program& p,
                                                Strategy& strategy) {
  std::vector<std::string> out;
  engine.explore(p, strategy, [&](const ExecutionResult& r) {
    EXPECT_EQ(r.outcome, Outcome::kCompleted) << r.message;
    out.push_back(r.schedule.to_token());
    return true;
  });
  return out;
}

/// How many steps of other threads come before the first step of thread `t` (all of them
/// when `t` has none).
inline size_t steps_before(const Trace& trace, ThreadId t) {
  size_t n = 0;
  for (const Transition& step : trace.steps) {
    if (step.thread == t) break;
    n += step.thread != kNoThread;
  }
  return n;
}

}  // namespace lineup::engine::testing
