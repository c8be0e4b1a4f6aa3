// Verification of one client (lineup/hunt/verify.h): a completed verification of ref/queue's
// 2+2 client counts exactly the classes an independent enumeration counts; a seeded bug's
// client gives its bug; a cap leaves it not completed, with an estimate. And the estimator of
// a depth-first search's size (tree_estimate.h) on trees whose size is known.
#include <gtest/gtest.h>

#include <functional>
#include <vector>

#include "class_enumeration.h"
#include "engine/strategy/random.h"
#include "generator/client.h"
#include "lineup/hunt/search.h"
#include "lineup/hunt/tree_estimate.h"
#include "lineup/hunt/verify.h"
#include "lineup/hunt/verify_parallel.h"
#include "specs/structure.h"

namespace lineup::hunt {
namespace {

specs::TestProgram program_of(const specs::Target& target, const char* client) {
  return client_program(generator::parse_client(*target.model, client, client_limits()),
                        *target.model);
}

TEST(Verify, LeftOutArgumentsAreFilledWithDistinctValuesInOrder) {
  const specs::Target& target = *specs::find_target("ref/queue");
  const specs::TestProgram p = program_of(target, "push() pop() | push(7) push() | pop()");
  const specs::TestProgram expected{{}, {{{0, 1}, {1, 0}}, {{0, 7}, {0, 2}}, {{1, 0}}}};
  EXPECT_EQ(p, expected) << p.describe(*target.model);
}

// The must-show: the classes of a completed verification are those of an enumeration that
// shares neither the search nor the class fingerprints with it.
TEST(Verify, RefQueueTwoPushersTwoPoppersHasTheEnumeratedClasses) {
  const specs::Target& target = *specs::find_target("ref/queue");
  const specs::TestProgram program = program_of(target, "push() | push() | pop() | pop()");
  const VerifyResult v = verify(target, program, HuntOptions{}, {});
  ASSERT_FALSE(v.search.violation) << v.search.violation->report;
  ASSERT_TRUE(v.completed);
  auto engine = make_engine(target, verify_options(HuntOptions{}, {}), 4);
  const testing::EnumeratedClasses expected = testing::enumerate_classes(*engine, target, program);
  EXPECT_GT(expected.classes, 1u);
  EXPECT_EQ(v.classes, expected.classes) << expected.prefixes << " prefixes walked";
  EXPECT_GE(v.search.executions, v.classes);
}

// The same on lock-free structures, whose failed CASes are reads: classes that differ only in
// the order of two failed CASes on one location are one.
TEST(Verify, LockFreeClientsHaveTheEnumeratedClasses) {
  for (const char* name : {"boost/stack", "boost/queue"}) {
    const specs::Target& target = *specs::find_target(name);
    const specs::TestProgram program = program_of(target, "push() | push() | pop()");
    const VerifyResult v = verify(target, program, HuntOptions{}, {});
    ASSERT_TRUE(v.completed) << name;
    auto engine = make_engine(target, verify_options(HuntOptions{}, {}), 3);
    const testing::EnumeratedClasses expected =
        testing::enumerate_classes(*engine, target, program);
    EXPECT_EQ(v.classes, expected.classes) << name << ", " << expected.prefixes << " prefixes";
  }
}

// Split into parts, in this process and in worker processes: each class counted once.
TEST(Verify, SplitSearchCountsEachClassOnce) {
  const specs::Target& target = *specs::find_target("ref/queue");
  const specs::TestProgram program = program_of(target, "push() | push() | pop() | pop()");
  const VerifyResult whole = verify(target, program, HuntOptions{}, {});
  ASSERT_TRUE(whole.completed);
  auto engine = make_engine(target, verify_options(HuntOptions{}, {}), 4);
  const std::vector<Prefix> parts = split_prefixes(*engine, target, program, 8, 12);
  EXPECT_GE(parts.size(), 8u);
  const VerifyResult split = verify_parts(target, program, HuntOptions{}, {}, parts);
  ASSERT_TRUE(split.completed);
  EXPECT_EQ(split.classes, whole.classes);
  EXPECT_EQ(split.parts_searched, parts.size());
  EXPECT_EQ(split.search.foreign, 0u);
  EXPECT_EQ(split.search.executions, split.classes);
  const VerifyResult forked = verify_parallel(target, program, HuntOptions{}, {}, 3);
  ASSERT_TRUE(forked.completed) << (forked.internal_errors.empty() ? ""
                                                                   : forked.internal_errors[0]);
  EXPECT_EQ(forked.classes, whole.classes);
}

// Each part runs only its own classes: the lower threads asleep along its prefix keep it from
// the others' (without them, 167,690 executions of other parts' classes beside verify/ms-queue's
// 11,198 on the first client), and it still reaches all of its own (a sequence that only may
// start with a thread asleep there is not taken for another part's: with it, cds/msqueue's
// first client lost 11,685 of its 53,652 classes split in 53 parts).
TEST(Verify, SplitSearchesOfLockFreeStructuresRunEachClassOnce) {
  for (const char* name : {"verify/ms-queue", "cds/msqueue", "cds/treiber_stack"}) {
    const specs::Target& target = *specs::find_target(name);
    for (const char* client : {"push() | push() | pop() | pop()", "push() pop() | push() | pop()",
                               "push() | pop() pop()"}) {
      const specs::TestProgram program = program_of(target, client);
      const VerifyResult whole = verify(target, program, HuntOptions{}, {});
      ASSERT_TRUE(whole.completed) << name << ": " << client;
      auto engine = make_engine(target, verify_options(HuntOptions{}, {}),
                                static_cast<int>(program.threads.size()));
      const std::vector<Prefix> parts = split_prefixes(*engine, target, program, 32, 12);
      const VerifyResult split = verify_parts(target, program, HuntOptions{}, {}, parts);
      ASSERT_TRUE(split.completed) << name << ": " << client;
      EXPECT_EQ(split.classes, whole.classes) << name << ": " << client;
      EXPECT_EQ(split.search.executions, whole.classes) << name << ": " << client;
      EXPECT_EQ(split.search.foreign, 0u) << name << ": " << client;
    }
  }
}

// owns() is owner_prefix() made fast for the executions of a part's search: on random
// executions of a lock-free queue, for every prefix of each, the two agree.
TEST(Verify, OwnsAgreesWithTheLeastLinearization) {
  const specs::Target& target = *specs::find_target("cds/msqueue");
  const specs::TestProgram program = program_of(target, "push() | push() pop() | pop()");
  auto engine = make_engine(target, verify_options(HuntOptions{}, {}), 3);
  std::vector<int> results(program.results_size(), 0);
  engine::Program p = target.instantiate(program, &results);
  engine::RandomStrategy random(7);
  size_t owned = 0, checked = 0;
  for (int run = 0; run < 200; ++run) {
    ASSERT_TRUE(random.begin_execution());
    const std::vector<engine::Transition> steps = engine->run(p, random).trace.steps;
    for (size_t length = 1; length <= 16 && length <= steps.size(); ++length) {
      Prefix prefix;
      for (size_t k = 0; k < length; ++k) prefix.push_back(steps[k].thread);
      const bool expected = owner_prefix(steps, length) == prefix;
      ASSERT_EQ(owns(steps, prefix), expected) << "run " << run << ", length " << length;
      owned += expected;
      ++checked;
    }
  }
  EXPECT_GT(owned, 0u);
  EXPECT_LT(owned, checked);
}

TEST(Verify, SplitSearchFindsTheSeededBug) {
  const specs::Target& target = *specs::find_target("seeded/publish-before-write");
  const VerifyResult v =
      verify_parallel(target, program_of(target, "push() | pop()"), HuntOptions{}, {}, 2);
  ASSERT_TRUE(v.search.violation);
  EXPECT_FALSE(v.search.violation->report.empty());
}

TEST(Verify, SeededBugsClientGivesTheBug) {
  const specs::Target& target = *specs::find_target("seeded/publish-before-write");
  const VerifyResult v = verify(target, program_of(target, "push() | pop()"), HuntOptions{}, {});
  ASSERT_TRUE(v.search.violation);
  EXPECT_FALSE(v.completed);
}

TEST(Verify, ACapLeavesItNotCompletedWithAnEstimate) {
  const specs::Target& target = *specs::find_target("ref/queue");
  VerifyLimits limits;
  limits.max_executions = 20;
  const VerifyResult v =
      verify(target, program_of(target, "push() | push() | pop() | pop()"), HuntOptions{}, limits);
  EXPECT_FALSE(v.search.violation);
  EXPECT_FALSE(v.completed);
  EXPECT_TRUE(v.search.capped);
  EXPECT_LE(v.search.executions + v.search.abandoned, 20u);
  EXPECT_GT(v.estimated_executions, static_cast<double>(v.search.executions));
}

// Workers that stop at their cap leave parts untaken: not completed, and the estimate, of the
// parts taken alone, is a lower one.
TEST(Verify, CappedWorkersLeavePartsAndSayNotCompleted) {
  const specs::Target& target = *specs::find_target("verify/ms-queue");
  VerifyLimits limits;
  limits.max_executions = 50;
  const VerifyResult v = verify_parallel(
      target, program_of(target, "push() | push() | pop() | pop()"), HuntOptions{}, limits, 2);
  ASSERT_TRUE(v.internal_errors.empty()) << v.internal_errors[0];
  EXPECT_FALSE(v.search.violation);
  EXPECT_FALSE(v.completed);
  EXPECT_TRUE(v.search.capped);
  EXPECT_LE(v.search.executions + v.search.abandoned, 100u);
  EXPECT_LT(v.parts_searched, v.parts);
  EXPECT_GE(v.estimated_executions, static_cast<double>(v.search.executions));
  EXPECT_TRUE(v.estimate_is_lower);
}

// Feeds `estimate` the leaves of a tree, `depth` deep, whose nodes at depth d have
// `children(d)` children of `enabled(d)` enabled threads, in depth-first order; calls
// `at_leaf` after each.
void walk(TreeEstimate& estimate, const std::function<int(size_t)>& children,
          const std::function<int(size_t)>& enabled, size_t depth,
          const std::function<void(uint64_t)>& at_leaf) {
  std::vector<TreeEstimate::Step> path;
  uint64_t leaves = 0;
  std::function<void()> go = [&] {
    if (path.size() == depth) {
      estimate.add(path);
      at_leaf(++leaves);
      return;
    }
    for (int c = 0; c < children(path.size()); ++c) {
      path.push_back({c, enabled(path.size())});
      go();
      path.pop_back();
    }
  };
  go();
}

TEST(TreeEstimate, ExactOnceEveryDepthIsSettled) {
  TreeEstimate estimate;
  auto children = [](size_t depth) { return depth % 2 == 0 ? 3 : 2; };  // 6^3 leaves
  walk(estimate, children, children, 6, [&](uint64_t leaves) {
    // A lower estimate while some branching is not seen; exact once none is left (the root's
    // last child, from leaf 145 on).
    EXPECT_LE(estimate.leaves(), 216.0 + 1e-9) << leaves;
    if (estimate.unsettled() == 0) {
      EXPECT_NEAR(estimate.leaves(), 216.0, 1e-9) << leaves;
    }
    EXPECT_EQ(estimate.unsettled() == 0, leaves >= 145) << leaves;
  });
  EXPECT_EQ(estimate.seen(), 216u);
}

TEST(TreeEstimate, LearnsHowMuchOfTheEnabledThreadsIsExplored) {
  // Half of the enabled threads explored at every node: 2^8 leaves of 4^8 interleavings. The
  // last leaf of the root's first child (128) has closed a node at every depth but the root's.
  TreeEstimate estimate;
  walk(
      estimate, [](size_t) { return 2; }, [](size_t) { return 4; }, 8,
      [&](uint64_t leaves) {
        EXPECT_LE(estimate.leaves(), 256.0 + 1e-9) << leaves;
        if (leaves > 128) {
          EXPECT_NEAR(estimate.leaves(), 256.0, 1e-9) << leaves;
        }
      });
}

TEST(TreeEstimate, WithinAFactorOfFourOnAnUnevenTreeOnceSettled) {
  // Branching that shrinks with depth and differs from subtree to subtree, every thread
  // enabled explored (a first child keeps one thread more than its siblings).
  TreeEstimate estimate;
  std::vector<TreeEstimate::Step> path;
  std::vector<std::vector<TreeEstimate::Step>> leaves;
  std::function<void(int)> go = [&](int width) {
    if (width == 0) {
      leaves.push_back(path);
      return;
    }
    for (int c = 0; c < width; ++c) {
      path.push_back({c, width});
      go(c == 0 ? width - 1 : std::max(0, width - 2));
      path.pop_back();
    }
  };
  go(6);
  const double total = static_cast<double>(leaves.size());
  for (size_t i = 0; i < leaves.size(); ++i) {
    estimate.add(leaves[i]);
    if (estimate.unsettled() == 0) {
      EXPECT_GT(estimate.leaves(), total / 4) << i << " of " << total;
      EXPECT_LT(estimate.leaves(), total * 4) << i << " of " << total;
    }
  }
  EXPECT_NEAR(estimate.leaves(), total, total / 4);
}

}  // namespace
}  // namespace lineup::hunt
