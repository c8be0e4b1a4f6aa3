// DfsStrategy: in SC mode it enumerates what ICB without a bound enumerates; in c11 mode the
// stale bound limits the memory-model choices, 0 giving the SC executions; its coverage
// statement names both bounds.
#include <gtest/gtest.h>

#include <array>

#include "engine/engine.h"
#include "engine/strategy/dfs.h"
#include "engine/strategy/icb.h"
#include "fixtures/litmus.h"

namespace lineup::engine {
namespace {

uint64_t executions(fixtures::Litmus litmus, MemoryModel model, Strategy& strategy) {
  EngineOptions options;
  options.memory_model = model;
  options.schedule_plain_accesses = false;
  options.detect_spins = false;
  Engine engine(options);
  std::array<int, 4> registers{};
  Program p = fixtures::litmus_program(litmus, &registers);
  return engine.explore(p, strategy, [](const ExecutionResult& r) { return r.ok(); });
}

TEST(Dfs, ScModeEnumeratesWhatIcbDoes) {
  for (auto litmus : {fixtures::Litmus::kIriwAcquire, fixtures::Litmus::kMpFences}) {
    DfsStrategy dfs;
    IcbStrategy icb;
    EXPECT_EQ(executions(litmus, MemoryModel::kSc, dfs), executions(litmus, MemoryModel::kSc, icb));
    EXPECT_TRUE(dfs.coverage().exhaustive());
  }
}

TEST(Dfs, StaleBoundLimitsMemoryModelChoices) {
  DfsStrategy none(-1, 0), one(-1, 1), all;
  EXPECT_EQ(executions(fixtures::Litmus::kMpRelaxed, MemoryModel::kC11, none), 6u);
  EXPECT_EQ(executions(fixtures::Litmus::kMpRelaxed, MemoryModel::kC11, one), 12u);
  EXPECT_EQ(executions(fixtures::Litmus::kMpRelaxed, MemoryModel::kC11, all), 13u);
  EXPECT_EQ(describe(one.coverage()), "every execution with at most 1 stale read is covered");
}

TEST(Dfs, PreemptionBoundDeepensAndIsClaimed) {
  DfsStrategy dfs(1, 2);
  executions(fixtures::Litmus::kSbRelaxed, MemoryModel::kC11, dfs);
  EXPECT_EQ(dfs.coverage().bound_completed, 1);
  EXPECT_EQ(describe(dfs.coverage()),
            "every execution with at most 1 preemption and at most 2 stale reads is covered");
}

}  // namespace
}  // namespace lineup::engine
