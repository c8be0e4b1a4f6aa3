// Verification with the cut at retry rounds that changed nothing (SearchSettings::
// cut_retry_rounds). DPOR with the cut reaches exactly the classes DPOR without it reaches once
// their rounds that changed nothing are taken out (ExecutionResult::idle_rounds: the execution
// without them has the same history), and the same call results, in fewer executions: on the
// paper's Michael-Scott queue (2 pushers, 2 poppers), its Treiber stack and a Treiber stack of
// the tests. verify reports the cut; and a loop that carries a retry counter is not marked, so
// the bug on the path its third round takes is found.
#include <gtest/gtest.h>

#include <iostream>
#include <set>
#include <vector>

#include "engine/engine.h"
#include "engine/memory/happens_before.h"
#include "engine/strategy/dpor.h"
#include "generator/client.h"
#include "lineup/hunt/search.h"
#include "lineup/hunt/verify.h"
#include "specs/structure.h"

namespace lineup::hunt {
namespace {

specs::TestProgram program_of(const specs::Target& target, const char* client) {
  return client_program(generator::parse_client(*target.model, client, client_limits()),
                        *target.model);
}

struct Explored {
  std::set<uint64_t> classes;  // of the executions with their idle rounds taken out
  std::set<std::vector<int>> results;
  uint64_t executions = 0, cuts = 0;
};

// The happens-before fingerprint of r's execution without its idle rounds.
uint64_t class_without_idle_rounds(const engine::ExecutionResult& r, int threads) {
  engine::HappensBefore hb;
  hb.reset(threads);
  for (size_t i = 0; i < r.trace.steps.size(); ++i) {
    const engine::Transition& s = r.trace.steps[i];
    bool idle = false;
    for (const engine::ExecutionResult::IdleRound& round : r.idle_rounds) {
      idle = idle || (s.thread == round.thread && i >= round.from && i < round.to);
    }
    if (!idle) hb.add(s);
  }
  return hb.fingerprint();
}

Explored explore(const specs::Target& target, const specs::TestProgram& program, bool cut) {
  engine::EngineOptions eo = ReplaySettings{}.engine_options(target);
  eo.cut_retry_rounds = cut;
  eo.record_idle_rounds = !cut;
  const int threads = static_cast<int>(program.threads.size());
  engine::Engine engine(eo);
  if (target.prepare_engine != nullptr) target.prepare_engine(engine, threads);
  std::vector<int> results(program.results_size(), 0);
  const engine::Program p = target.instantiate(program, &results);
  engine::DporStrategy dpor;
  Explored out;
  engine.explore(p, dpor, [&](const engine::ExecutionResult& r) {
    if (r.outcome == engine::Outcome::kAbandoned) {
      out.cuts += !r.retry_cut_loop.empty();
      return true;
    }
    EXPECT_EQ(r.outcome, engine::Outcome::kCompleted) << r.message;
    EXPECT_TRUE(!cut || r.idle_rounds.empty());
    ++out.executions;
    out.classes.insert(class_without_idle_rounds(r, threads));
    out.results.insert(results);
    return true;
  });
  EXPECT_TRUE(dpor.coverage().exhaustive());
  return out;
}

void expect_same_classes_fewer_executions(const char* structure, const char* client) {
  SCOPED_TRACE(std::string(structure) + " " + client);
  const specs::Target& target = *specs::find_target(structure);
  const specs::TestProgram program = program_of(target, client);
  const Explored without = explore(target, program, false);
  const Explored with = explore(target, program, true);
  EXPECT_EQ(with.classes, without.classes);
  EXPECT_EQ(with.results, without.results);
  EXPECT_EQ(with.executions, with.classes.size());  // one execution per class
  EXPECT_LT(with.executions, without.executions);
  EXPECT_GT(with.cuts, 0u);
  EXPECT_EQ(without.cuts, 0u);
  std::cout << structure << " " << client << ": " << with.classes.size()
            << " classes without idle rounds; " << without.executions
            << " executions without the cut, " << with.executions << " with it and " << with.cuts
            << " cut\n";
}

TEST(RetryCut, MsQueueTwoPushersTwoPoppersKeepsItsClasses) {
  expect_same_classes_fewer_executions("verify/ms-queue", "push() | push() | pop() | pop()");
}

TEST(RetryCut, TreiberStacksKeepTheirClasses) {
  expect_same_classes_fewer_executions("verify/treiber-stack", "push() | push() | pop() | pop()");
  expect_same_classes_fewer_executions("test/retry-stack",
                                       "init: push(1) | pop() | push(2) push(3)");
}

VerifyResult verify_with_cut(const char* structure, const char* client) {
  const specs::Target& target = *specs::find_target(structure);
  HuntOptions options;
  options.search.cut_retry_rounds = true;
  return verify(target, program_of(target, client), options, {});
}

// verify with the cut (the CLI's default) counts the classes above and the executions it cut,
// and names the loops where.
TEST(RetryCut, VerifyCountsTheExecutionsCut) {
  const VerifyResult v = verify_with_cut("verify/ms-queue", "push() | push() | pop() | pop()");
  ASSERT_TRUE(v.completed);
  EXPECT_FALSE(v.search.violation);
  EXPECT_EQ(v.classes, 158u);
  EXPECT_EQ(v.search.retry_cuts, 764u);
  EXPECT_EQ(v.search.cut_loops.size(), 2u);  // push's loop and pop's
}

// The third round of pop takes another path (a counter of lost races): no loop of that stack
// is marked, nothing is cut, and verify finds the bug that path has.
TEST(RetryCut, ALoopWithARetryCounterIsNotCut) {
  const VerifyResult v =
      verify_with_cut("test/retry-counter-stack", "init: push(1) | pop() | push(2) push(3)");
  ASSERT_TRUE(v.search.violation);
  EXPECT_EQ(v.search.violation->kind, ViolationKind::kNotLinearizable);
  EXPECT_EQ(v.search.retry_cuts, 0u);
}

}  // namespace
}  // namespace lineup::hunt
