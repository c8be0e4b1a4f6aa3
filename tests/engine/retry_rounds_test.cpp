// The cut at retry rounds that changed nothing (engine/waiting/retry_rounds.h), against the
// search without it and against brute force: on random programs of retry loops (fixtures/
// retry_loops.h, marked by lineup's GCC plugin) DPOR with the cut reaches exactly the outcomes
// (every call's result and the final memory) DPOR without it reaches, and brute force where it
// is small enough; most programs have executions cut. Each test prints its counts.
#include <gtest/gtest.h>

#include <iostream>
#include <memory>
#include <set>

#include "engine/engine.h"
#include "engine/strategy/dpor.h"
#include "engine/strategy/icb.h"
#include "engine/strategy/random_bits.h"
#include "fixtures/retry_loops.h"

namespace lineup::engine {
namespace {

using fixtures::RetryOp;
using fixtures::RetryOutcome;
using fixtures::RetryProgram;

struct Explored {
  std::set<RetryOutcome> outcomes;
  uint64_t executions = 0, cuts = 0, other_abandoned = 0;
  std::set<std::string> cut_loops;
  bool exhaustive = false;
};

EngineOptions options(bool cut) {
  EngineOptions o;
  o.schedule_plain_accesses = false;  // the fixture's shared accesses are atomic
  o.cut_retry_rounds = cut;
  return o;
}

// Explores `program` with `strategy` to the end (at most `limit` executions); every
// execution must complete or be abandoned.
Explored explore(Engine& engine, const RetryProgram& program, Strategy& strategy, uint64_t limit) {
  auto outcome = std::make_shared<RetryOutcome>();
  const Program p = fixtures::run_retry_loops(program, outcome);
  Explored out;
  uint64_t seen = 0;
  engine.explore(p, strategy, [&](const ExecutionResult& r) {
    ++seen;
    if (r.outcome == Outcome::kAbandoned) {
      if (r.retry_cut_loop.empty()) {
        ++out.other_abandoned;
      } else {
        ++out.cuts;
        out.cut_loops.insert(r.retry_cut_loop);
      }
      return seen < limit;
    }
    EXPECT_EQ(r.outcome, Outcome::kCompleted) << r.message;
    ++out.executions;
    out.outcomes.insert(*outcome);
    return seen < limit;
  });
  out.exhaustive = seen < limit;
  return out;
}

RetryProgram random_program(uint64_t& rng) {
  for (;;) {
    RetryProgram p(2 + bounded_random(rng, 2));
    for (auto& ops : p) {
      ops.resize(1 + bounded_random(rng, 2));
      for (RetryOp& op : ops) {
        op.kind = static_cast<RetryOp::Kind>(bounded_random(rng, 6));
        op.cell = static_cast<int>(bounded_random(rng, 2));
        op.value = 1 + static_cast<int>(bounded_random(rng, 2));
      }
    }
    if (fixtures::retry_waits_end(p)) return p;
  }
}

TEST(RetryRounds, TheCutKeepsEveryOutcomeOfRandomRetryLoopPrograms) {
  Engine plain(options(false)), cutting(options(true));
  uint64_t rng = 20261203;
  // Programs whose search without the cut takes more executions are left out (a few seqlock
  // writers make millions).
  constexpr uint64_t kLimit = 100'000;
  int programs = 0, cut = 0, against_brute_force = 0, left_out = 0;
  uint64_t with_cut = 0, without_cut = 0, cuts = 0;
  std::set<std::string> loops;
  for (int i = 0; programs < 520; ++i) {
    const RetryProgram program = random_program(rng);
    SCOPED_TRACE("program " + std::to_string(i) + ": " + fixtures::describe(program));
    DporStrategy plain_dpor, cutting_dpor;
    const Explored without = explore(plain, program, plain_dpor, kLimit);
    if (!without.exhaustive) {
      ++left_out;
      continue;
    }
    const Explored with = explore(cutting, program, cutting_dpor, kLimit);
    ASSERT_TRUE(with.exhaustive);
    EXPECT_EQ(with.outcomes, without.outcomes);
    EXPECT_EQ(without.cuts, 0u);
    EXPECT_LE(with.executions, without.executions);
    ++programs;
    cut += with.cuts > 0;
    with_cut += with.executions;
    without_cut += without.executions;
    cuts += with.cuts;
    loops.insert(with.cut_loops.begin(), with.cut_loops.end());
    // Brute force, where it finishes quickly: every schedule's outcomes.
    IcbStrategy brute(-1);
    const Explored all = explore(plain, program, brute, 20'000);
    if (all.exhaustive) {
      ++against_brute_force;
      EXPECT_EQ(with.outcomes, all.outcomes);
    }
  }
  std::cout << programs << " programs (" << left_out << " left out), " << cut
            << " with executions cut, " << against_brute_force << " also against brute force; dpor "
            << without_cut << " executions, with the cut " << with_cut << " and " << cuts
            << " cut, at " << loops.size() << " loops\n";
  EXPECT_LT(left_out, programs / 10);
  EXPECT_GT(against_brute_force, programs / 2);
  if (!LINEUP_RETRY_PLUGIN) GTEST_SKIP() << "built without lineup's GCC plugin: nothing is cut";
  EXPECT_GT(2 * cut, programs);  // the cut fires in most programs
  EXPECT_GE(loops.size(), 4u);   // at the loops of most kinds
}

// A thread waiting for a cell nobody writes: with the cut, the wait's round changed nothing
// and the cell still holds what it read, so the thread would go round for ever: a deadlock,
// as without the cut, never an execution dropped.
TEST(RetryRounds, AWaitNoThreadEndsIsStillADeadlock) {
  const RetryProgram program = {{{RetryOp::kAwaitNonZero, 0, 1}}, {{RetryOp::kStore, 1, 1}}};
  for (const bool cut : {false, true}) {
    SCOPED_TRACE(cut ? "with the cut" : "without the cut");
    Engine engine(options(cut));
    auto outcome = std::make_shared<RetryOutcome>();
    const Program p = fixtures::run_retry_loops(program, outcome);
    DporStrategy dpor;
    uint64_t deadlocks = 0, cuts = 0, others = 0;
    engine.explore(p, dpor, [&](const ExecutionResult& r) {
      if (r.outcome == Outcome::kDeadlock) {
        ++deadlocks;
        if (cut) {
          EXPECT_NE(r.message.find("retry loop at retry_loops.cpp:"), std::string::npos)
              << r.message;
        }
      } else if (!r.retry_cut_loop.empty()) {
        ++cuts;
      } else {
        ++others;
      }
      return true;
    });
    EXPECT_EQ(deadlocks, 1u);
    EXPECT_EQ(cuts, 0u);
    EXPECT_EQ(others, 0u);
  }
}

}  // namespace
}  // namespace lineup::engine
