// Verification in c11 mode (`lineup verify --memory-model c11`): depth-first search over every
// schedule and every read and placement choice, with sleep sets, classes counted as execution
// graphs. Checked against brute force, the same search without sleep sets: the same graphs and
// the same call results; and a client of a queue that publishes its nodes with a relaxed store
// is refuted under c11 and verified under sc.
#include <gtest/gtest.h>

#include <iostream>
#include <set>
#include <string>
#include <vector>

#include "engine/engine.h"
#include "engine/memory/execution_graph.h"
#include "engine/strategy/dfs.h"
#include "generator/client.h"
#include "lineup/hunt/verify.h"
#include "specs/structure.h"

namespace lineup::hunt {
namespace {

specs::TestProgram program_of(const specs::Target& target, const char* client) {
  return client_program(generator::parse_client(*target.model, client, client_limits()),
                        *target.model);
}

HuntOptions c11_options(const specs::Target& target, const char* client) {
  HuntOptions o;
  o.replay.memory_model = engine::MemoryModel::kC11;
  o.client =
      filled_client(generator::parse_client(*target.model, client, client_limits()), *target.model);
  return o;
}

struct BruteForce {
  std::set<uint64_t> graphs;
  std::set<std::vector<int>> results;
  uint64_t executions = 0;
};

// Every execution of the program in c11 mode, without sleep sets.
BruteForce brute_force(const specs::Target& target, const specs::TestProgram& program) {
  ReplaySettings replay;
  replay.memory_model = engine::MemoryModel::kC11;
  engine::Engine engine(replay.engine_options(target));
  const int threads = static_cast<int>(program.threads.size());
  if (target.prepare_engine != nullptr) target.prepare_engine(engine, threads);
  std::vector<int> results(program.results_size(), 0);
  const engine::Program p = target.instantiate(program, &results);
  engine::DfsStrategy dfs;
  BruteForce out;
  engine.explore(p, dfs, [&](const engine::ExecutionResult& r) {
    EXPECT_EQ(r.outcome, engine::Outcome::kCompleted) << r.message;
    ++out.executions;
    out.graphs.insert(engine::graph_fingerprint(r.trace));
    out.results.insert(results);
    return true;
  });
  EXPECT_TRUE(dfs.coverage().exhaustive());
  return out;
}

void expect_verified_with_brute_force_graphs(const char* structure, const char* client) {
  SCOPED_TRACE(std::string(structure) + " " + client);
  const specs::Target& target = *specs::find_target(structure);
  const specs::TestProgram program = program_of(target, client);
  const VerifyResult v = verify(target, program, c11_options(target, client), {});
  EXPECT_TRUE(v.completed);
  EXPECT_FALSE(v.search.violation.has_value());
  const BruteForce all = brute_force(target, program);
  EXPECT_EQ(v.classes, all.graphs.size());
  EXPECT_LE(v.search.executions, all.executions);
  std::cout << structure << " " << client << ": " << v.classes << " graphs, " << v.search.executions
            << " executions with sleep sets (" << v.search.abandoned << " abandoned), "
            << all.executions << " without\n";
}

TEST(VerifyC11, ALockedQueueHasBruteForcesGraphs) {
  expect_verified_with_brute_force_graphs("ref/queue", "push() | push() | pop() | pop()");
}

TEST(VerifyC11, TreiberStackHasBruteForcesGraphs) {
  expect_verified_with_brute_force_graphs("verify/treiber-stack", "push() | pop()");
  expect_verified_with_brute_force_graphs("verify/treiber-stack", "push() pop() | pop()");
}

TEST(VerifyC11, MsQueueHasBruteForcesGraphs) {
  expect_verified_with_brute_force_graphs("verify/ms-queue", "push() | pop()");
  expect_verified_with_brute_force_graphs("verify/ms-queue", "push() | push()");
}

TEST(VerifyC11, ARelaxedPublicationIsRefutedUnderC11Only) {
  const char* client = "push() | pop()";
  const specs::Target& target = *specs::find_target("seeded-c11/relaxed-publish-queue");
  const specs::TestProgram program = program_of(target, client);
  const VerifyResult c11 = verify(target, program, c11_options(target, client), {});
  ASSERT_TRUE(c11.search.violation.has_value());
  HuntOptions sc = c11_options(target, client);
  sc.replay.memory_model = engine::MemoryModel::kSc;
  const VerifyResult under_sc = verify(target, program, sc, {});
  EXPECT_TRUE(under_sc.completed);
  EXPECT_FALSE(under_sc.search.violation.has_value());
}

}  // namespace
}  // namespace lineup::hunt
