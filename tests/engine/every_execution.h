// Every execution of a program, for tests that compare what a memory model allows with known
// sets or counts: unbounded DFS (every interleaving and every c11 read and placement choice),
// plain accesses no scheduling points (the programs keep their registers in plain memory), no
// spin detection.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>

#include "engine/engine.h"
#include "engine/strategy/dfs.h"

namespace lineup::engine::testing {

/// Runs every execution of `p` under `model`, expecting each to complete, and calls
/// `each(result)` after it; expects the search to end exhaustive. Returns how many ran.
template <class Each>
uint64_t for_every_execution(const Program& p, MemoryModel model, Each each) {
  EngineOptions options;
  options.memory_model = model;
  options.schedule_plain_accesses = false;
  options.detect_spins = false;
  Engine engine(options);
  DfsStrategy dfs;
  uint64_t n = engine.explore(p, dfs, [&](const ExecutionResult& r) {
    EXPECT_EQ(r.outcome, Outcome::kCompleted) << r.message;
    each(r);
    return r.ok();
  });
  EXPECT_TRUE(dfs.coverage().exhaustive());
  return n;
}

}  // namespace lineup::engine::testing
