// Shared by tests that run a built-in push/pop program over many random schedules.
#pragma once

#include <gtest/gtest.h>

#include "engine/engine.h"
#include "engine/strategy/random.h"
#include "fixtures/fixtures.h"

namespace lineup::engine::testing {

/// Runs `executions` random schedules (from `seed`) of the built-in program `name` with 3
/// threads x 3 calls, expecting each to complete with no value lost or duplicated. Stops at
/// the first failure. Returns the number of executions run.
inline uint64_t run_conserving(const std::string& name, uint64_t seed, uint64_t executions) {
  Engine engine;
  lineup::smoke::SmokeProgram sp = fixtures::smoke_program(name, 3, 3);
  RandomStrategy strategy(seed, executions);
  return engine.explore(sp.program, strategy, [&](const ExecutionResult& r) {
    EXPECT_EQ(r.outcome, Outcome::kCompleted) << r.message;
    std::string lost = sp.check();
    EXPECT_EQ(lost, "") << r.schedule.to_token();
    return r.ok() && lost.empty();
  });
}

}  // namespace lineup::engine::testing
