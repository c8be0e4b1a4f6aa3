// Phase 1: exact serial outcome counts on small programs.
#include "checker/phase1.h"

#include <gtest/gtest.h>

#include "specs/structure.h"

namespace lineup {
namespace {

using specs::kEmpty;
using specs::Operation;

constexpr int kPush = 0, kPop = 1;

TEST(Phase1, PushAgainstPopHasTwoOrdersAndTwoOutcomes) {
  engine::EngineOptions o;
  o.schedule_plain_accesses = false;
  engine::Engine engine(o);
  specs::TestProgram program{{}, {{{kPush, 1}}, {{kPop, 0}}}};
  checker::SerialOutcomes s =
      checker::serial_outcomes(engine, *specs::find_target("boost/queue"), program);
  EXPECT_EQ(s.failure, "");
  EXPECT_EQ(s.orders, 2u);  // push then pop, pop then push
  ASSERT_EQ(s.outcomes.size(), 2u);
  EXPECT_EQ(s.outcomes.at({1, 1}), (std::vector<std::vector<int>>{{0, 1}}));
  EXPECT_EQ(s.outcomes.at({1, kEmpty}), (std::vector<std::vector<int>>{{1, 0}}));
}

TEST(Phase1, ThreeByThreeHasAllSerialOrders) {
  engine::EngineOptions o;
  o.schedule_plain_accesses = false;
  engine::Engine engine(o);
  // Every thread pushes its own value then pops twice.
  specs::TestProgram program;
  for (int t = 0; t < 3; ++t) program.threads.push_back({{kPush, t + 1}, {kPop, 0}, {kPop, 0}});
  checker::SerialOutcomes s =
      checker::serial_outcomes(engine, *specs::find_target("boost/stack"), program);
  EXPECT_EQ(s.failure, "");
  EXPECT_EQ(s.orders, 1680u);  // 9! / (3! 3! 3!) orders of whole calls
  uint64_t orders = 0;
  for (const auto& [results, by] : s.outcomes) orders += by.size();
  EXPECT_EQ(orders, 1680u);
  // Each outcome agrees with the stack model run in the same order.
  for (const auto& [results, by] : s.outcomes) {
    for (const std::vector<int>& order : by) {
      specs::State state;
      for (int c : order) {
        const Operation& op =
            program.threads[static_cast<size_t>(c / 3)][static_cast<size_t>(c % 3)];
        ASSERT_EQ(specs::stack_model().apply(state, op), results[static_cast<size_t>(c)]);
      }
    }
  }
}

TEST(Phase1, SameOrderDifferentResultsIsReportedAsNondeterminism) {
  engine::Engine engine;
  specs::TestProgram program{{}, {{{kPush, 1}}, {{kPop, 0}}}};
  checker::SerialOutcomes s =
      checker::serial_outcomes(engine, *specs::find_target("test/nondeterministic-queue"), program);
  EXPECT_TRUE(s.nondeterministic);
  EXPECT_NE(s.failure.find("nondeterministic even serially: the serial order T0[0].push(1), "
                           "T1[0].pop() gave different results"),
            std::string::npos)
      << s.failure;
}

TEST(Phase1, TheInitPrefixRunsBeforeEveryOrder) {
  engine::Engine engine;
  // init: push(7); then T0 pushes 1 while T1 pops: the pop returns 7 in both orders.
  specs::TestProgram program{{{kPush, 7}}, {{{kPush, 1}}, {{kPop, 0}}}};
  checker::SerialOutcomes s =
      checker::serial_outcomes(engine, *specs::find_target("boost/queue"), program);
  EXPECT_EQ(s.failure, "");
  EXPECT_EQ(s.orders, 2u);
  ASSERT_EQ(s.outcomes.size(), 1u);
  EXPECT_EQ(s.outcomes.begin()->first, (std::vector<int>{1, 7, 1}));  // push, pop, init push
}

}  // namespace
}  // namespace lineup
