// A stack model written as a lambda gives the same verdicts as stack_model() on the seeded
// buggy stacks (every seeded/* structure declared against stack_model()): each execution of
// 200 programs, sampled by a seeded random strategy, judged against both models,
// dependency-aware and classic, with the same verdict and the same words in the report, and
// some executions not linearizable, so that agreeing means something.
#include <gtest/gtest.h>

#include <cstdio>
#include <deque>
#include <string>
#include <vector>

#include "checker/judge.h"
#include "engine/memory/happens_before.h"
#include "engine/strategy/factory.h"
#include "generator/programs.h"
#include "lineup/hunt/search.h"
#include "specs/lambda_model.h"
#include "specs/registry.h"

namespace lineup {
namespace {

const specs::Model& lambda_stack() {
  static const specs::Model& m =
      specs::model<std::vector<int>>("stack", {{"push", specs::takes_argument}, {"pop"}},
                                     [](std::vector<int>& s, specs::Operation o) {
                                       if (o.op == 0) return s.push_back(o.arg), 1;
                                       if (s.empty()) return specs::kEmpty;
                                       const int v = s.back();
                                       s.pop_back();
                                       return v;
                                     });
  return m;
}

struct Tally {
  uint64_t programs = 0, executions = 0, verdicts = 0, violations = 0, disagreements = 0;
};

// The seeded structures declared against stack_model().
std::vector<const specs::Target*> seeded_stacks() {
  std::vector<const specs::Target*> stacks;
  for (const specs::Target& t : specs::registered_targets()) {
    if (t.name.starts_with("seeded/") && t.model == &specs::stack_model()) stacks.push_back(&t);
  }
  return stacks;
}

// Runs `executions` executions of `program` on `target` under a random strategy seeded with
// `seed` and judges each one that completed with both models.
void judge_both(const specs::Target& target, const specs::TestProgram& program, uint64_t seed,
                uint64_t executions, Tally* tally) {
  specs::Target lambda = target;
  lambda.model = &lambda_stack();
  std::deque<checker::ProgramJudge> theirs, mine;
  for (bool aware : {true, false}) {
    theirs.emplace_back(target, program, nullptr, aware);
    mine.emplace_back(lambda, program, nullptr, aware);
  }
  auto engine =
      hunt::make_engine(target, hunt::HuntOptions(), static_cast<int>(program.threads.size()));
  std::vector<int> results(program.results_size(), 0);
  engine::Program p = target.instantiate(program, &results);
  engine::StrategyConfig config;
  config.kind = engine::StrategyKind::kRandom;
  config.seed = seed;
  config.executions = executions;
  std::string error;
  auto strategy = engine::make_strategy(config, &error);
  ASSERT_NE(strategy, nullptr) << error;
  engine::HappensBefore hb;
  engine->explore(p, *strategy, [&](const engine::ExecutionResult& r) {
    ++tally->executions;
    if (!r.ok()) return true;
    hb.reset(static_cast<int>(program.threads.size()));
    for (const engine::Transition& t : r.trace.steps) hb.add(t);
    for (size_t j = 0; j < theirs.size(); ++j) {
      const checker::Verdict a = theirs[j].judge(results, r.trace, &hb);
      const checker::Verdict b = mine[j].judge(results, r.trace, &hb);
      ++tally->verdicts;
      tally->violations += !a.ok;
      if (a.ok != b.ok || a.why != b.why) {
        ++tally->disagreements;
        ADD_FAILURE() << target.name << ": " << program.describe(*target.model) << " judge " << j
                      << ": stack_model " << a.ok << ", lambda " << b.ok << "\n"
                      << a.why << "\n---\n"
                      << b.why;
      }
    }
    return true;
  });
}

TEST(LambdaStackModel, SameVerdictsAsStackModelOnTheSeededStacks) {
  const std::vector<const specs::Target*> stacks = seeded_stacks();
  ASSERT_GE(stacks.size(), 5u);
  constexpr uint64_t kPrograms = 200, kExecutions = 200;
  Tally tally;
  for (uint64_t i = 0; i < kPrograms; ++i) {
    const specs::Target& target = *stacks[i % stacks.size()];
    // Programs of 3 threads x 3 calls after up to 2 init calls, the deep stacks' declared
    // shapes where they are bigger.
    const generator::Shape shape{std::max(3, target.threads), std::max(3, target.calls), 2};
    const specs::TestProgram program =
        generator::sample(generator::test_programs(target, shape), 11, i);
    judge_both(target, program, i + 1, kExecutions, &tally);
    ++tally.programs;
  }
  std::printf(
      "%lu stacks, %lu programs, %lu executions, %lu verdicts (%lu violations), %lu "
      "disagreements\n",
      static_cast<unsigned long>(stacks.size()), static_cast<unsigned long>(tally.programs),
      static_cast<unsigned long>(tally.executions), static_cast<unsigned long>(tally.verdicts),
      static_cast<unsigned long>(tally.violations),
      static_cast<unsigned long>(tally.disagreements));
  EXPECT_EQ(tally.programs, kPrograms);
  EXPECT_EQ(tally.disagreements, 0u);
  EXPECT_GT(tally.violations, 0u);
}

}  // namespace
}  // namespace lineup
