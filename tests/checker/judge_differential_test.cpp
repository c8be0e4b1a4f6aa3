// The judge against the algorithm it replaced (reference_judge.h): the same verdict on every
// history, dependency-aware and classic, against the model and against phase 1. Histories
// come from real explorations (every access scheduled) of small programs, with and without
// an init prefix, on correct and seeded-bug structures, so that both verdicts occur.
#include <gtest/gtest.h>

#include <cstdio>
#include <deque>

#include "checker/judge.h"
#include "checker/phase1.h"
#include "generator/programs.h"
#include "lineup/engine/happens_before.h"
#include "lineup/engine/strategy/factory.h"
#include "lineup/engine/strategy/random_bits.h"
#include "lineup/hunt/search.h"
#include "tests/checker/reference_judge.h"

namespace lineup {
namespace {

// Verdicts compared and how many were failures, over all configurations.
struct Tally {
  uint64_t histories = 0, compared = 0, disagreements = 0, failing = 0;
};

// One program's four judges (dependency-aware or classic, model or phase 1) and their
// references; phase 1 only when it gives a specification.
class Judges {
 public:
  Judges(const specs::Target& target, const specs::TestProgram& program,
         const SerialOutcomes* serial)
      : target_(target), program_(program), serial_(serial) {
    for (bool aware : {true, false}) {
      fast_.emplace_back(target, program, nullptr, aware);
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
  const SerialOutcomes* serial_;
  std::deque<ProgramJudge> fast_;
  std::deque<reference::ReferenceJudge> slow_;
};

void explore(const specs::Target& target, const generator::Shape& shape, uint64_t programs,
             const std::string& strategy, uint64_t executions, Tally* tally) {
  HuntOptions options;
  auto engine = make_engine(target, options, shape.threads);
  auto gen = generator::test_programs(target, shape);
  for (uint64_t i = 0; i < programs; ++i) {
    specs::TestProgram program = generator::sample(gen, 7, i);
    SerialOutcomes serial = serial_outcomes(*engine, target, program);
    Judges judges(target, program, serial.failure.empty() ? &serial : nullptr);
    std::vector<int> results(program.results_size(), 0);
    engine::Program p = target.instantiate(program, &results);
    engine::StrategyConfig config;
    config.kind = *engine::parse_strategy(strategy);
    config.bound = 1;
    config.seed = i + 1;
    config.executions = executions;
    std::string error;
    auto s = engine::make_strategy(config, &error);
    ASSERT_NE(s, nullptr) << error;
    engine::HappensBefore hb;
    uint64_t n = 0;
    engine->explore(p, *s, [&](const engine::ExecutionResult& r) {
      if (r.ok()) {
        hb.reset(static_cast<int>(program.threads.size()));
        for (const engine::Transition& t : r.trace.steps) hb.add(t);
        judges.compare(results, r.trace, hb, tally);
      }
      return ++n < executions;
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

}  // namespace
}  // namespace lineup
