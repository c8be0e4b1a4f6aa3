// The judge against a brute-force reference that includes nothing from checker/
// (reference_judge.h): the same verdict on every history, dependency-aware and classic, against the
// model and against phase 1. Histories come from real explorations (every access scheduled) of
// small programs, with and without an init prefix, on correct and seeded-bug structures, so that
// both verdicts occur.
#include <gtest/gtest.h>

#include <cstdio>
#include <deque>
#include <functional>

#include "checker/boundary_order.h"
#include "checker/judge.h"
#include "checker/phase1.h"
#include "checker/shortcuts/model_moves.h"
#include "checker/shortcuts/unique_linearization.h"
#include "engine/memory/happens_before.h"
#include "engine/strategy/factory.h"
#include "engine/strategy/random_bits.h"
#include "generator/programs.h"
#include "lineup/hunt/search.h"
#include "tests/checker/reference_judge.h"

namespace lineup {
namespace {

// Verdicts compared and how many were failures, over all configurations.
struct Tally {
  uint64_t histories = 0, compared = 0, disagreements = 0, failing = 0;
};

// One program's four judges (dependency-aware or classic, model or phase 1) and their
// references; phase 1 only when it gives a specification. The model's judges ask the model
// through `moves`, kept from program to program as a hunt keeps them.
class Judges {
 public:
  Judges(const specs::Target& target, const specs::TestProgram& program,
         const checker::SerialOutcomes* serial, checker::ModelMoves& moves)
      : target_(target), program_(program) {
    for (bool aware : {true, false}) {
      fast_.emplace_back(target, program, nullptr, aware, &moves);
      slow_.emplace_back(*target.model, program, nullptr, aware);
      if (serial != nullptr) {
        fast_.emplace_back(target, program, serial, aware);
        slow_.emplace_back(*target.model, program, &serial->outcomes, aware);
      }
    }
  }
  void compare(const std::vector<int>& results, const engine::Trace& trace,
               const engine::HappensBefore& hb, Tally* tally) {
    ++tally->histories;
    for (size_t j = 0; j < fast_.size(); ++j) {
      bool fast = fast_[j].judge(results, trace, &hb).ok;
      bool slow = slow_[j].judge(results, trace, hb);
      ++tally->compared;
      tally->failing += !slow;
      if (fast != slow) {
        ++tally->disagreements;
        ADD_FAILURE() << target_.name << ": " << program_.describe(*target_.model) << " judge " << j
                      << ": new " << fast << ", reference " << slow;
      }
    }
  }

 private:
  const specs::Target& target_;
  const specs::TestProgram& program_;
  std::deque<checker::ProgramJudge> fast_;
  std::deque<reference::ReferenceJudge> slow_;
};

// Explores `program` (its calls writing `results`) under strategy `kind` with `bound` and
// `seed`, for at most `executions` executions; calls `each` with every execution that
// completed and its happens-before.
void for_each_execution(
    engine::Engine& engine, const specs::Target& target, const specs::TestProgram& program,
    std::vector<int>* results, engine::StrategyKind kind, int bound, uint64_t seed,
    uint64_t executions,
    const std::function<void(const engine::ExecutionResult&, const engine::HappensBefore&)>& each) {
  engine::Program p = target.instantiate(program, results);
  engine::StrategyConfig config;
  config.kind = kind;
  config.bound = bound;
  config.seed = seed;
  config.executions = executions;
  std::string error;
  auto s = engine::make_strategy(config, &error);
  ASSERT_NE(s, nullptr) << error;
  engine::HappensBefore hb;
  uint64_t n = 0;
  engine.explore(p, *s, [&](const engine::ExecutionResult& r) {
    if (r.ok()) {
      hb.reset(static_cast<int>(program.threads.size()));
      for (const engine::Transition& t : r.trace.steps) hb.add(t);
      each(r, hb);
    }
    return ++n < executions;
  });
}

void explore(const specs::Target& target, const generator::Shape& shape, uint64_t programs,
             const std::string& strategy, uint64_t executions, Tally* tally) {
  hunt::HuntOptions options;
  auto engine = hunt::make_engine(target, options, shape.threads);
  auto gen = generator::test_programs(target, shape);
  checker::ModelMoves moves(*target.model);
  for (uint64_t i = 0; i < programs; ++i) {
    // Small enough to be forgotten every few programs: both the moves of programs before
    // and fresh ones are used.
    moves.limit(1000);
    specs::TestProgram program = generator::sample(gen, 7, i);
    checker::SerialOutcomes serial = checker::serial_outcomes(*engine, target, program);
    Judges judges(target, program, serial.failure.empty() ? &serial : nullptr, moves);
    std::vector<int> results(program.results_size(), 0);
    for_each_execution(*engine, target, program, &results, *engine::parse_strategy(strategy), 1,
                       i + 1, executions,
                       [&](const engine::ExecutionResult& r, const engine::HappensBefore& hb) {
                         judges.compare(results, r.trace, hb, tally);
                       });
  }
}

TEST(Differential, RecordedExplorationsAgreeWithTheReference) {
  Tally tally;
  for (const char* name :
       {"ref/queue", "ref/stack", "ref/set", "boost/queue", "boost/stack",
        "seeded/publish-before-write", "seeded/check-then-act-set", "seeded/counting-empty-queue",
        "seeded/two-bugs-stack", "seeded/lazy-list-no-validation"}) {
    const specs::Target* target = specs::find_target(name);
    ASSERT_NE(target, nullptr) << name;
    explore(*target, {3, 2, 1}, 10, "random", 1000, &tally);
    explore(*target, {3, 3, 0}, 4, "cbdpor", 1000, &tally);
  }
  std::printf("recorded: %lu histories, %lu verdicts compared (%lu failing), %lu disagreements\n",
              static_cast<unsigned long>(tally.histories),
              static_cast<unsigned long>(tally.compared), static_cast<unsigned long>(tally.failing),
              static_cast<unsigned long>(tally.disagreements));
  EXPECT_EQ(tally.disagreements, 0u);
  EXPECT_GE(tally.histories, 100'000u);
  EXPECT_GT(tally.failing, 1'000u);  // both verdicts occur, so agreeing means something
}

// The union relation straight from the clocks of the steps before responses (what the judge
// asks first) equals the one read from the complete order's rows, on real explorations.
TEST(Differential, UnionRelationFromClocksEqualsTheOneFromTheCompleteOrder) {
  uint64_t compared = 0, total = 0;
  for (const char* name : {"ref/queue", "boost/queue", "boost/stack", "seeded/two-bugs-stack",
                           "seeded/lazy-list-no-validation"}) {
    const specs::Target* target = specs::find_target(name);
    ASSERT_NE(target, nullptr) << name;
    for (bool atomics_only : {false, true}) {
      hunt::HuntOptions options;
      options.replay.atomics_only = atomics_only;
      const generator::Shape shape{3, 3, 0};
      auto engine = hunt::make_engine(*target, options, shape.threads);
      auto gen = generator::test_programs(*target, shape);
      for (uint64_t i = 0; i < 10; ++i) {
        specs::TestProgram program = generator::sample(gen, 11, i);
        std::vector<int> results(program.results_size(), 0);
        std::vector<size_t> calls_per_thread;
        for (const auto& thread : program.threads) calls_per_thread.push_back(thread.size());
        checker::BoundaryOrder order;
        order.shape(calls_per_thread);
        for_each_execution(
            *engine, *target, program, &results, engine::StrategyKind::kCbDpor, 2, 1, 500,
            [&](const engine::ExecutionResult& r, const engine::HappensBefore& hb) {
              std::vector<uint64_t> from_clocks(program.calls()), from_rows(program.calls());
              order.induce(r.trace, hb);
              order.possible_precedence(from_clocks.data());
              order.complete();
              order.possible_precedence(from_rows.data());
              EXPECT_EQ(from_clocks, from_rows) << name << ": " << program.describe(*target->model);
              ++compared;
              int position[64];
              total += checker::unique_linearization(from_rows.data(), from_rows.size(), position);
            });
      }
    }
  }
  std::printf("compared %lu union relations (%lu total orders)\n",
              static_cast<unsigned long>(compared), static_cast<unsigned long>(total));
  EXPECT_GT(compared, 10'000u);
  EXPECT_GT(total, 100u);  // relations of both kinds occur
  EXPECT_LT(total, compared - 100);
}

}  // namespace
}  // namespace lineup
