// DfsStrategy with sleep sets against the same search without them, on random programs of
// loads, stores, compare-exchanges, fetch-adds, fences and locked stores over three cells, with
// random memory orders: in c11 mode the same execution graphs (and so the same values read),
// and in SC mode the same; never more complete executions.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <atomic>
#include <set>
#include <string>
#include <vector>

#include "engine/engine.h"
#include "engine/memory/execution_graph.h"
#include "engine/strategy/dfs.h"
#include "fixtures/ordered_cells.h"

namespace lineup::engine {
namespace {

using Op = fixtures::OrderedOp;
using Ops = fixtures::OrderedProgram;

struct Explored {
  std::set<std::string> graphs;
  uint64_t complete = 0;
};

Explored explore(const Ops& ops, MemoryModel model, DfsStrategy::SleepSets sleep) {
  EngineOptions options;
  options.memory_model = model;
  options.schedule_plain_accesses = false;
  options.detect_spins = false;
  Engine engine(options);
  DfsStrategy dfs(-1, -1, sleep);
  Explored out;
  const Program p = fixtures::run_ordered_cells(ops);
  engine.explore(p, dfs, [&](const ExecutionResult& r) {
    if (r.outcome == Outcome::kAbandoned && sleep != DfsStrategy::SleepSets::kNone) return true;
    RC_ASSERT(r.outcome == Outcome::kCompleted);  // describe(ops) in the counterexample
    ++out.complete;
    out.graphs.insert(graph_key(execution_graph(r.trace)));
    return true;
  });
  RC_ASSERT(dfs.coverage().exhaustive());
  return out;
}

rc::Gen<Op> op_gen() {
  return rc::gen::map(
      rc::gen::tuple(rc::gen::inRange(0, 6), rc::gen::inRange(0, 2), rc::gen::inRange(1, 3),
                     rc::gen::element(std::memory_order_relaxed, std::memory_order_acquire,
                                      std::memory_order_release, std::memory_order_acq_rel,
                                      std::memory_order_seq_cst)),
      [](const std::tuple<int, int, int, std::memory_order>& t) {
        Op op;
        op.kind = static_cast<Op::Kind>(std::get<0>(t));
        op.cell = std::get<1>(t);
        op.value = std::get<2>(t);
        op.order = std::get<3>(t);
        // Stores take no acq_rel; loads none of the release kinds (run() maps them).
        if (op.kind == Op::kStore && op.order == std::memory_order_acq_rel) {
          op.order = std::memory_order_release;
        }
        if (op.kind == Op::kLoad && op.order == std::memory_order_acq_rel) {
          op.order = std::memory_order_acquire;
        }
        return op;
      });
}

rc::Gen<Ops> ops_gen() {
  return rc::gen::mapcat(rc::gen::inRange(2, 4), [](int threads) {
    return rc::gen::container<Ops>(
        static_cast<size_t>(threads), rc::gen::mapcat(rc::gen::inRange(1, 4), [](int n) {
          return rc::gen::container<std::vector<Op>>(static_cast<size_t>(n), op_gen());
        }));
  });
}

// A random program explored under `model` with and without `sleep`: the same graphs.
void keeps_every_graph(MemoryModel model, DfsStrategy::SleepSets sleep) {
  const Ops ops = *ops_gen();
  RC_LOG() << fixtures::describe(ops) << "\n";
  const Explored all = explore(ops, model, DfsStrategy::SleepSets::kNone);
  const Explored reduced = explore(ops, model, sleep);
  RC_ASSERT(reduced.graphs == all.graphs);
  RC_ASSERT(reduced.complete <= all.complete);
  RC_CLASSIFY(reduced.complete < all.complete, "fewer executions");
}

RC_GTEST_PROP(DfsSleepSets, C11KeepsEveryGraphOfRandomPrograms, ()) {
  keeps_every_graph(MemoryModel::kC11, DfsStrategy::SleepSets::kC11);
}

RC_GTEST_PROP(DfsSleepSets, ScKeepsEveryGraphOfRandomPrograms, ()) {
  keeps_every_graph(MemoryModel::kSc, DfsStrategy::SleepSets::kSc);
}

// Store buffering with seq_cst stores: a search that let a seq_cst store commute with a load of
// its location would lose graphs here (the c11 property above finds that mutant at once).
TEST(DfsSleepSets, StoreBufferingWithSeqCstKeepsItsThreeGraphs) {
  Ops sb = {{{Op::kStore, 0, 1, std::memory_order_seq_cst}, {Op::kLoad, 1, 0}},
            {{Op::kStore, 1, 1, std::memory_order_seq_cst}, {Op::kLoad, 0, 0}}};
  const Explored all = explore(sb, MemoryModel::kC11, DfsStrategy::SleepSets::kNone);
  const Explored reduced = explore(sb, MemoryModel::kC11, DfsStrategy::SleepSets::kC11);
  EXPECT_EQ(all.graphs.size(), 3u);  // all seq_cst: both loads reading 0 is forbidden
  EXPECT_EQ(reduced.graphs, all.graphs);
}

}  // namespace
}  // namespace lineup::engine
