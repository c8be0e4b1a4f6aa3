// Whole runs for engine tests: one non-preemptive execution, or every class with DPOR.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>

#include "engine/engine.h"
#include "engine/strategy/dpor.h"
#include "test_strategies.h"

namespace lineup::engine::testing {

/// Runs `p` once with the running thread never preempted (NonPreemptive).
inline ExecutionResult run_non_preemptive(Engine& engine, const Program& p) {
  NonPreemptive strategy;
  EXPECT_TRUE(strategy.begin_execution());
  return engine.run(p, strategy);
}

/// Explores every class of `p` with DPOR. Each execution must complete (or be abandoned by
/// the sleep sets); `check()` runs after each completed one. Stops at the first failure.
/// Returns the number of completed executions.
template <class Check>
uint64_t explore_every_class(const Program& p, Check check) {
  Engine engine;
  DporStrategy dpor;
  uint64_t completed = 0;
  engine.explore(p, dpor, [&](const ExecutionResult& r) {
    if (r.outcome == Outcome::kAbandoned) return true;
    EXPECT_EQ(r.outcome, Outcome::kCompleted) << r.message;
    if (r.ok()) check();
    completed += r.ok();
    return r.ok() && !::testing::Test::HasFailure();
  });
  EXPECT_TRUE(dpor.coverage().exhaustive()) << dpor.stop_reason();
  return completed;
}

}  // namespace lineup::engine::testing
