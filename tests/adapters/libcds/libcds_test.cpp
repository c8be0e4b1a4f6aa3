// libcds's Hazard-Pointer structures under the engine: three logical threads over 10,000
// random schedules each, nothing lost or duplicated; the elimination back-off with per-thread
// elimination records; several engines attached in one process; and the ABI between
// instrumented code and libcds.so.
#include <gtest/gtest.h>

#include <cds/gc/hp.h>
#include <cds/threading/model.h>
#include <cstddef>
#include <set>

#include "adapters/libcds/cds_engine.h"
#include "adapters/libcds/cds_fibers.h"
#include "engine/engine.h"
#include "engine/strategy/random.h"
#include "engine/trace_printer.h"
#include "tests/adapters/libcds/fixtures/cds_programs.h"

namespace {

using lineup::engine::Engine;
using lineup::engine::ExecutionResult;
using lineup::engine::Outcome;
using lineup::engine::Program;

// This file is not instrumented: it sees libcds's types as libcds.so was built. Instrumented
// code compiled without the ABI flags would see a smaller ThreadData (48 bytes, not 56) and
// read and write libcds.so's per-thread data at the wrong offsets.
TEST(LibcdsAbi, InstrumentedCodeSeesTheLayoutOfLibcdsSo) {
  cds_fixtures::Layout seen = cds_fixtures::instrumented_layout();
  EXPECT_EQ(seen.thread_data_size, sizeof(cds::threading::ThreadData));
  EXPECT_EQ(seen.thread_data_attach_count_offset,
            offsetof(cds::threading::ThreadData, m_nAttachCount));
  EXPECT_EQ(seen.hp_thread_data_size, sizeof(cds::gc::hp::thread_data));
}

void run_random(Program (*make)(cds_fixtures::Ledger*), uint64_t seed) {
  Engine engine;
  lineup::adapters::cds::attach(engine, 3);
  cds_fixtures::Ledger ledger;
  Program p = make(&ledger);
  lineup::engine::RandomStrategy strategy(seed, 10'000);
  uint64_t n = engine.explore(p, strategy, [&](const ExecutionResult& r) {
    EXPECT_EQ(r.outcome, Outcome::kCompleted) << r.message << "\n" << r.schedule.to_token();
    std::string problem = ledger.check();
    EXPECT_EQ(problem, "") << r.schedule.to_token();
    // Every retired node was disposed before the next execution.
    EXPECT_EQ(lineup::adapters::cds::pending_retired(), 0u);
    return r.ok() && problem.empty();
  });
  EXPECT_EQ(n, 10'000u);
}

TEST(Libcds, MSQueueLosesAndDuplicatesNothing) { run_random(&cds_fixtures::msqueue_program, 1); }

TEST(Libcds, TreiberStackLosesAndDuplicatesNothing) {
  run_random(&cds_fixtures::treiber_stack_program, 2);
}

TEST(Libcds, MichaelListSetKeepsInsertsAndErasesConsistent) {
  run_random(&cds_fixtures::michael_list_program, 3);
}

TEST(Libcds, SkipListSetKeepsInsertsAndErasesConsistent) {
  run_random(&cds_fixtures::skip_list_program, 4);
}

// Each logical thread has its own cds::threading::ThreadData, so pushes and pops that back
// off meet in the collision slot and exchange values; nothing is lost or duplicated, and
// every elimination record is free again after each execution.
// An engine for 3 logical threads with libcds's HP records and per-thread ThreadData.
void attach_with_thread_data(Engine& engine) {
  lineup::adapters::cds::attach(engine, 3);
  lineup::adapters::cds::attach_thread_data(engine, 3);
}

TEST(Libcds, EliminationBackoffPairsPushesWithPops) {
  Engine engine;
  attach_with_thread_data(engine);
  cds_fixtures::Ledger ledger;
  Program p = cds_fixtures::elimination_program(&ledger);
  lineup::engine::RandomStrategy strategy(5, 20'000);
  int eliminations = 0;
  engine.explore(p, strategy, [&](const ExecutionResult& r) {
    EXPECT_EQ(r.outcome, Outcome::kCompleted) << r.message << "\n" << r.schedule.to_token();
    std::string problem = ledger.check();
    EXPECT_EQ(problem, "") << r.schedule.to_token();
    EXPECT_EQ(lineup::adapters::cds::pending_retired(), 0u);
    eliminations += ledger.eliminations;
    return r.ok() && problem.empty();
  });
  EXPECT_GT(eliminations, 0);
}

TEST(Libcds, EveryLogicalThreadHasItsOwnThreadData) {
  Engine engine;
  attach_with_thread_data(engine);
  cds_fixtures::Ledger ledger;
  Program p = cds_fixtures::thread_data_program(&ledger);
  lineup::engine::RandomStrategy strategy(6, 20);
  engine.explore(p, strategy, [&](const ExecutionResult& r) {
    EXPECT_TRUE(r.ok()) << r.message;
    std::set<const void*> seen(ledger.thread_data.begin(), ledger.thread_data.begin() + 3);
    EXPECT_EQ(seen.size(), 3u);
    EXPECT_EQ(seen.count(nullptr), 0u);
    return r.ok();
  });
}

// One HP GC and one set of thread records serve every engine of the process: engines attached
// one after another, with different thread counts, and used alternately.
TEST(Libcds, SeveralEnginesShareTheRecords) {
  cds_fixtures::Ledger ledger;
  Program queue = cds_fixtures::msqueue_program(&ledger);
  auto run = [&](Engine& engine, const Program& p, uint64_t seed) {
    lineup::engine::RandomStrategy strategy(seed, 500);
    engine.explore(p, strategy, [&](const ExecutionResult& r) {
      EXPECT_EQ(r.outcome, Outcome::kCompleted) << r.message << "\n" << r.schedule.to_token();
      EXPECT_EQ(ledger.check(), "") << r.schedule.to_token();
      return r.ok();
    });
  };
  Engine first;
  lineup::adapters::cds::attach(first, 3);
  run(first, queue, 1);
  Engine second;
  lineup::adapters::cds::attach(second, 5);
  lineup::adapters::cds::attach_thread_data(second, 5);
  run(second, queue, 2);
  Program elimination = cds_fixtures::elimination_program(&ledger);
  run(second, elimination, 3);
  run(first, queue, 4);
  EXPECT_EQ(lineup::adapters::cds::pending_retired(), 0u);
}

TEST(Libcds, SameScheduleGivesTheSameTrace) {
  Engine engine;
  lineup::adapters::cds::attach(engine, 3);
  cds_fixtures::Ledger ledger;
  Program p = cds_fixtures::msqueue_program(&ledger);
  lineup::engine::RandomStrategy strategy(9, 1);
  strategy.begin_execution();
  ExecutionResult first = engine.run(p, strategy);
  ASSERT_TRUE(first.ok()) << first.message;
  for (int i = 0; i < 50; ++i) {
    const ExecutionResult& again = engine.replay(p, first.schedule);
    ASSERT_TRUE(again.ok()) << again.message;
    ASSERT_EQ(again.trace.steps.size(), first.trace.steps.size());
    for (size_t k = 0; k < first.trace.steps.size(); ++k) {
      ASSERT_EQ(again.trace.steps[k].addr, first.trace.steps[k].addr) << k;
      ASSERT_EQ(again.trace.steps[k].value, first.trace.steps[k].value)
          << k << ": " << lineup::engine::format_step(first.trace.steps[k], k, engine);
    }
  }
}

}  // namespace
