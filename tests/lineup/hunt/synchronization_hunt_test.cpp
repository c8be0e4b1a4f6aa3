// c11 hunts of structures that promise push synchronizes with pop (Structure::synchronizes):
// the relaxed slot's values are linearizable, so its one violation is the missing
// synchronization, found by the hunt and reported with both calls; the release/acquire slot
// keeps the promise, and SC mode (where every step happens before the next) has nothing to
// report for either.
#include <gtest/gtest.h>

#include "generator/client.h"
#include "lineup/hunt/hunt.h"
#include "specs/structure.h"

namespace lineup::hunt {
namespace {

HuntResult hunt_client(const char* structure, engine::MemoryModel memory_model) {
  const specs::Target* target = specs::find_target(structure);
  EXPECT_NE(target, nullptr);
  HuntOptions o;
  o.budget_seconds = 1e9;
  o.max_programs = 1;
  o.replay.memory_model = memory_model;
  o.search.strategy = memory_model == engine::MemoryModel::kC11 ? engine::StrategyKind::kDfs
                                                                : engine::StrategyKind::kCbDpor;
  o.client = generator::parse_client(*target->model, "push(1) | pop()", client_limits());
  return hunt(*target, o);
}

TEST(SynchronizationHunt, ARelaxedPublishBreaksThePromise) {
  HuntResult r = hunt_client("test/relaxed-slot", engine::MemoryModel::kC11);
  ASSERT_EQ(r.violations.size(), 1u);
  const Violation& v = r.violations[0];
  EXPECT_EQ(v.kind, ViolationKind::kMissingSynchronization);
  EXPECT_NE(v.report.find("missing synchronization: T1[0].pop() -> 1 does not happen after "
                          "T0[0].push(1)"),
            std::string::npos)
      << v.report;
}

TEST(SynchronizationHunt, ReleaseAndAcquireKeepThePromise) {
  HuntResult r = hunt_client("test/release-slot", engine::MemoryModel::kC11);
  EXPECT_TRUE(r.violations.empty()) << r.violations.front().report;
  EXPECT_GT(r.executions, 1u);
}

TEST(SynchronizationHunt, SequentialConsistencyHasNothingToReport) {
  EXPECT_TRUE(hunt_client("test/relaxed-slot", engine::MemoryModel::kSc).violations.empty());
  EXPECT_TRUE(hunt_client("test/release-slot", engine::MemoryModel::kSc).violations.empty());
}

}  // namespace
}  // namespace lineup::hunt
