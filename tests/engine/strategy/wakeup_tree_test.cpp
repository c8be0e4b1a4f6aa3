// Wakeup tree insertion (Abdulla et al., JACM 2017, sec. 6) on hand-made sequences: what a
// branch already covers, what becomes a new leaf, and weak initials.
#include <gtest/gtest.h>

#include "engine/strategy/wakeup_tree.h"

namespace lineup::engine {
namespace {

// A step of thread t on granule g (address 4g), writing or reading it.
WakeupStep step(ThreadId t, uintptr_t g, bool writes) {
  Transition x = Transition::pending(writes ? Kind::kWrite : Kind::kRead, g * 4, 4, 0);
  return {t, Access::of(x)};
}

TEST(WakeupTree, WeakInitialsAreTheStepsNothingEarlierHappensBefore) {
  // T0 writes x, T1 reads x, T2 reads y.
  std::vector<WakeupStep> w = {step(0, 1, true), step(1, 1, false), step(2, 2, false)};
  EXPECT_TRUE(weak_initial(0, nullptr, w));
  EXPECT_FALSE(weak_initial(1, nullptr, w));  // after T0's write
  EXPECT_TRUE(weak_initial(2, nullptr, w));
  // T3 has no step in w: an initial when its pending step is independent of all of w.
  Access reads_y = step(3, 2, false).access;
  Access writes_x = step(3, 1, true).access;
  EXPECT_TRUE(weak_initial(3, &reads_y, w));
  EXPECT_FALSE(weak_initial(3, &writes_x, w));
  EXPECT_FALSE(weak_initial(3, nullptr, w));
}

TEST(WakeupTree, ALeafThatStartsAnEquivalentSequenceCoversIt) {
  WakeupTree tree;
  std::vector<WakeupStep> a = {step(1, 1, false)};
  EXPECT_TRUE(tree.insert(a));
  EXPECT_EQ(tree.first(), 1);
  // T2 reading y then T1 reading x: T1's read is an initial of it, and the leaf T1 covers it.
  std::vector<WakeupStep> b = {step(2, 2, false), step(1, 1, false)};
  EXPECT_FALSE(tree.insert(b));
  // T2 writing x then T1 reading x: T1 is not an initial, and a new branch starts with T2.
  std::vector<WakeupStep> c = {step(2, 1, true), step(1, 1, false)};
  EXPECT_TRUE(tree.insert(c));
  EXPECT_TRUE(tree.starts_with(2));
  // A leaf whose thread's step is independent of a whole sequence covers it too: T1's read
  // of x commutes with T3's read of y.
  std::vector<WakeupStep> d = {step(3, 2, false)};
  EXPECT_FALSE(tree.insert(d));
}

TEST(WakeupTree, ASequenceExtendsTheLongestPathThatStartsIt) {
  WakeupTree tree;
  std::vector<WakeupStep> a = {step(1, 1, true), step(2, 1, true)};
  EXPECT_TRUE(tree.insert(a));
  // Starts like a (T1's write first) and then differs: a new leaf under T1.
  const std::vector<WakeupStep> b = {step(1, 1, true), step(3, 1, true)};
  std::vector<WakeupStep> w = b;  // insert() leaves its argument modified
  EXPECT_TRUE(tree.insert(w));
  w = b;
  EXPECT_FALSE(tree.insert(w));  // now covered
  // The first branch's subtree holds both continuations, T2's first.
  WakeupTree rest = tree.take_first_subtree();
  EXPECT_EQ(rest.first(), 2);
  EXPECT_TRUE(rest.starts_with(3));
  tree.drop_first();
  EXPECT_TRUE(tree.empty());
}

}  // namespace
}  // namespace lineup::engine
