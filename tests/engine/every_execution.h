// Every execution of a program, for tests that compare what a memory model allows with known
// sets or counts: unbounded DFS (every interleaving and every c11 read and placement choice),
// plain accesses no scheduling points (the programs keep their registers in plain memory), no
// spin detection. With `sleep_sets`, DFS keeps sleep sets (strategy/dfs.h): executions that
// differ from an explored one only in the order of independent steps end abandoned, uncounted.
// With `rc11_seq_cst` (EngineOptions::rc11_seq_cst) seq_cst events are ordered by RC11's psc;
// the executions it forbids end abandoned, uncounted.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>

#include "engine/engine.h"
#include "engine/strategy/dfs.h"

namespace lineup::engine::testing {

/// Runs every execution of `p` under `model`, expecting each to complete, and calls
/// `each(result)` after it; expects the search to end exhaustive. Returns how many ran.
template <class Each>
uint64_t for_every_execution(const Program& p, MemoryModel model, Each each,
                             bool sleep_sets = false, bool rc11_seq_cst = false) {
  EngineOptions options;
  options.memory_model = model;
  options.rc11_seq_cst = rc11_seq_cst;
  options.schedule_plain_accesses = false;
  options.detect_spins = false;
  Engine engine(options);
  DfsStrategy dfs(-1, -1,
                  sleep_sets ? DfsStrategy::sleep_sets_for(model) : DfsStrategy::SleepSets::kNone);
  uint64_t n = engine.explore(p, dfs, [&](const ExecutionResult& r) {
    if (r.inconsistent || (sleep_sets && r.outcome == Outcome::kAbandoned)) return true;
    EXPECT_EQ(r.outcome, Outcome::kCompleted) << r.message;
    each(r);
    return r.ok();
  });
  EXPECT_TRUE(dfs.coverage().exhaustive());
  return n;
}

}  // namespace lineup::engine::testing
