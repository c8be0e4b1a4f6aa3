// The weak-memory seeded bug (adapters/seeded/relaxed_publish_queue.cpp): found by a c11-mode
// hunt, with the systematic dfs and with random sampling, and not by SC-mode hunts; its
// counterexample file records the memory model, replays exactly and shrinks in c11 mode.
#include <gtest/gtest.h>

#include <stdexcept>

#include "lineup/corpus/corpus.h"
#include "lineup/corpus/counterexample.h"
#include "lineup/corpus/shrink.h"
#include "lineup/hunt/hunt.h"
#include "specs/structure.h"

namespace lineup {
namespace {

const specs::Target& queue() {
  const specs::Target* t = specs::find_target("seeded-c11/relaxed-publish-queue");
  if (t == nullptr) throw std::invalid_argument("not registered");
  return *t;
}

hunt::HuntOptions capped(uint64_t programs, engine::MemoryModel model,
                         engine::StrategyKind strategy) {
  hunt::HuntOptions o;
  o.budget_seconds = 1e9;  // bounded by the number of programs, not by time
  o.max_programs = programs;
  o.threads = 2;
  o.calls = 2;
  o.replay.memory_model = model;
  o.search.strategy = strategy;
  o.search.executions_per_program = 5000;
  return o;
}

TEST(RelaxedPublishQueue, CleanInScMode) {
  for (engine::StrategyKind s :
       {engine::StrategyKind::kCbDpor, engine::StrategyKind::kRandom, engine::StrategyKind::kDfs}) {
    hunt::HuntOptions o = capped(30, engine::MemoryModel::kSc, s);
    o.search.bound = 2;
    hunt::HuntResult r = hunt::hunt(queue(), o);
    EXPECT_EQ(r.programs, 30u) << engine::to_string(s);
    EXPECT_TRUE(r.violations.empty()) << r.violations.front().report;
  }
}

// The one violation a dfs hunt of the first 30 programs finds with no preemption and at most
// one stale read, data races reported or not; it must have `stale` stale reads.
hunt::Violation dfs_finding(bool report_races, int stale) {
  hunt::HuntOptions o = capped(30, engine::MemoryModel::kC11, engine::StrategyKind::kDfs);
  o.search.bound = 0;  // no preemption needed
  o.search.stale_bound = 1;
  o.replay.report_data_races = report_races;
  hunt::HuntResult r = hunt::hunt(queue(), o);
  EXPECT_EQ(r.violations.size(), 1u) << "not found in " << r.programs << " programs";
  if (r.violations.empty()) return {};
  const hunt::Violation& v = r.violations[0];
  EXPECT_EQ(v.preemptions, 0) << v.report;
  EXPECT_EQ(engine::stale_choices(v.schedule), stale) << v.report;
  EXPECT_NE(v.report.find("two_lock_queue.h:"), std::string::npos) << v.report;
  return v;
}

// The node's fields are initialised by its constructor (plain writes) and published by a
// relaxed store, so the consumer's first read of a field races with the initialisation: a
// data race in C++11, found with no stale read.
TEST(RelaxedPublishQueue, FoundByDfsInC11ModeAsADataRace) {
  hunt::Violation v = dfs_finding(true, 0);
  EXPECT_EQ(v.kind, hunt::ViolationKind::kDataRace) << v.report;
  EXPECT_NE(v.report.find("atomic read"), std::string::npos) << v.report;
}

// With data races ignored, what the race allows shows: a pop that reads the node's value
// stale (one stale read).
TEST(RelaxedPublishQueue, FoundByDfsInC11ModeAsAStaleReadWhenRacesAreIgnored) {
  hunt::Violation v = dfs_finding(false, 1);
  EXPECT_EQ(v.kind, hunt::ViolationKind::kNotLinearizable) << v.report;
  EXPECT_NE(v.report.find("not the latest"), std::string::npos) << v.report;
}

// The same queue linking nodes with a release store: clean in c11 mode, systematically within
// the bounds and by random sampling, so what the hunts above find is the relaxed store.
TEST(RelaxedPublishQueue, ReleaseVariantIsCleanInC11Mode) {
  const specs::Target* control = specs::find_target("control/release-publish-queue");
  ASSERT_NE(control, nullptr);
  hunt::HuntOptions dfs = capped(30, engine::MemoryModel::kC11, engine::StrategyKind::kDfs);
  dfs.search.bound = 1;
  dfs.search.stale_bound = 2;
  hunt::HuntResult r = hunt::hunt(*control, dfs);
  EXPECT_EQ(r.programs, 30u);
  EXPECT_EQ(r.programs_capped, 0u);
  EXPECT_TRUE(r.violations.empty()) << r.violations.front().report;
  hunt::HuntResult sampled =
      hunt::hunt(*control, capped(30, engine::MemoryModel::kC11, engine::StrategyKind::kRandom));
  EXPECT_EQ(sampled.programs, 30u);
  EXPECT_TRUE(sampled.violations.empty()) << sampled.violations.front().report;
}

TEST(RelaxedPublishQueue, FoundByRandomInC11Mode) {
  hunt::HuntOptions o = capped(30, engine::MemoryModel::kC11, engine::StrategyKind::kRandom);
  hunt::HuntResult r = hunt::hunt(queue(), o);
  ASSERT_EQ(r.violations.size(), 1u) << "not found in " << r.programs << " programs";
  EXPECT_EQ(r.violations[0].kind, hunt::ViolationKind::kDataRace);
  o.replay.report_data_races = false;
  hunt::HuntResult ignoring = hunt::hunt(queue(), o);
  ASSERT_EQ(ignoring.violations.size(), 1u) << "not found in " << r.programs << " programs";
  EXPECT_EQ(ignoring.violations[0].kind, hunt::ViolationKind::kNotLinearizable);
}

TEST(RelaxedPublishQueue, ThreadOnlyStrategiesAreRefusedInC11Mode) {
  for (engine::StrategyKind s :
       {engine::StrategyKind::kCbDpor, engine::StrategyKind::kDpor, engine::StrategyKind::kIcb}) {
    EXPECT_THROW(hunt::hunt(queue(), capped(1, engine::MemoryModel::kC11, s)),
                 std::invalid_argument)
        << engine::to_string(s);
  }
}

TEST(RelaxedPublishQueue, CounterexampleRecordsTheModelReplaysAndShrinks) {
  hunt::HuntOptions o = capped(30, engine::MemoryModel::kC11, engine::StrategyKind::kDfs);
  o.search.bound = 0;
  o.search.stale_bound = 1;
  o.replay.report_data_races = false;
  hunt::HuntResult r = hunt::hunt(queue(), o);
  ASSERT_EQ(r.violations.size(), 1u);
  corpus::Counterexample c = corpus::to_counterexample(queue(), r.violations[0], o);
  std::string text = to_json(c, *queue().model);
  EXPECT_NE(text.find("\"memory_model\": \"c11\""), std::string::npos) << text;
  EXPECT_NE(text.find("/w:"), std::string::npos) << text;
  corpus::Counterexample back = corpus::from_json(text);
  EXPECT_EQ(back.replay.memory_model, engine::MemoryModel::kC11);
  EXPECT_EQ(back.schedule, c.schedule);
  corpus::Reproduction again = corpus::reproduce(back);
  EXPECT_TRUE(again.exact);
  // Read as SC, the same schedule shows nothing: the bug is the stale read.
  back.replay.memory_model = engine::MemoryModel::kSc;
  EXPECT_FALSE(corpus::reproduce(back).exact);

  corpus::Counterexample shrunk = corpus::shrink(c, {});
  EXPECT_EQ(shrunk.replay.memory_model, engine::MemoryModel::kC11);
  EXPECT_EQ(shrunk.program.threads.size(), 2u);
  size_t calls = 0;
  for (const auto& thread : shrunk.program.threads) calls += thread.size();
  EXPECT_EQ(calls, 2u) << shrunk.program.describe(*queue().model);  // push(x) | pop()
  EXPECT_TRUE(corpus::reproduce(shrunk).exact);
}

}  // namespace
}  // namespace lineup
