// Folding loops in traces (trace_folding.h): which stretches fold, exactly, on small traces;
// and on random ones, that every fold hides only repeats of one thread that show nothing of
// their own, and that folds are disjoint and long enough.
#include "engine/trace_folding.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

namespace lineup::engine {
namespace {

// A step of thread `t` at instruction `pc` (each pc reads its own address).
Transition step(ThreadId t, uintptr_t pc) {
  Transition s = Transition::pending(Kind::kRead, 0x1000 + pc, 8, pc);
  s.thread = t;
  return s;
}

std::vector<Transition> steps_of(const std::vector<std::pair<ThreadId, uintptr_t>>& list) {
  std::vector<Transition> out;
  for (auto [t, pc] : list) out.push_back(step(t, pc));
  return out;
}

bool same(const Transition& a, const Transition& b) {
  return a.thread == b.thread && a.kind == b.kind && a.addr == b.addr && a.size == b.size &&
         a.pc == b.pc;
}

TEST(TraceFolding, ASpinOfOneStepFolds) {
  std::vector<Transition> s = steps_of({{0, 1}, {1, 2}, {1, 2}, {1, 2}, {1, 2}, {1, 2}, {0, 3}});
  std::vector<FoldedLoop> loops = loops_to_fold(s, std::vector<bool>(s.size(), false));
  ASSERT_EQ(loops.size(), 1u);
  EXPECT_EQ(loops[0].first, 1u);
  EXPECT_EQ(loops[0].period, 1u);
  EXPECT_EQ(loops[0].rounds, 5u);
}

TEST(TraceFolding, ALoopOfTwoStepsFoldsByItsRound) {
  std::vector<Transition> s;
  for (int r = 0; r < 10; ++r) {
    s.push_back(step(0, 51));
    s.push_back(step(0, 52));
  }
  std::vector<FoldedLoop> loops = loops_to_fold(s, std::vector<bool>(s.size(), false));
  ASSERT_EQ(loops.size(), 1u);
  EXPECT_EQ(loops[0].first, 0u);
  EXPECT_EQ(loops[0].period, 2u);
  EXPECT_EQ(loops[0].rounds, 10u);
}

TEST(TraceFolding, OtherThreadsAndMarksAreNeverHidden) {
  // Another thread's step breaks the run; three rounds are too few.
  std::vector<Transition> s = steps_of({{0, 1}, {0, 1}, {0, 1}, {1, 9}, {0, 1}, {0, 1}, {0, 1}});
  EXPECT_TRUE(loops_to_fold(s, std::vector<bool>(s.size(), false)).empty());
  // A step that shows something (a call boundary, a note) is not hidden: the run stops so that
  // it falls in the last round.
  s = steps_of({{0, 1}, {0, 1}, {0, 1}, {0, 1}, {0, 1}, {0, 1}, {0, 1}, {0, 1}});
  std::vector<bool> shown(s.size(), false);
  shown[5] = true;
  std::vector<FoldedLoop> loops = loops_to_fold(s, shown);
  ASSERT_EQ(loops.size(), 1u);
  EXPECT_EQ(loops[0].first, 0u);
  EXPECT_EQ(loops[0].rounds, 6u);  // steps 1-4 hidden, step 5 the last round
}

RC_GTEST_PROP(TraceFolding, FoldsHideOnlyRepeatsThatShowNothing, ()) {
  const auto raw = *rc::gen::container<std::vector<std::pair<int, int>>>(
      rc::gen::pair(rc::gen::inRange(0, 2), rc::gen::inRange(1, 4)));
  std::vector<Transition> s;
  for (auto [t, pc] : raw) s.push_back(step(t, static_cast<uintptr_t>(pc)));
  const auto marks = *rc::gen::container<std::vector<bool>>(
      s.size(), rc::gen::weightedElement<bool>({{9, false}, {1, true}}));
  std::vector<FoldedLoop> loops = loops_to_fold(s, marks);
  size_t previous_end = 0;
  for (const FoldedLoop& l : loops) {
    RC_ASSERT(l.first >= previous_end);
    RC_ASSERT(l.rounds >= 4u);
    RC_ASSERT(l.period >= 1u && l.period <= 8u);
    RC_ASSERT(l.end() <= s.size());
    for (size_t i = l.first; i < l.end(); ++i) RC_ASSERT(s[i].thread == s[l.first].thread);
    for (size_t i = l.first + l.period; i < l.end(); ++i) RC_ASSERT(same(s[i], s[i - l.period]));
    for (size_t i = l.first + l.period; i + l.period < l.end(); ++i) RC_ASSERT(!marks[i]);
    previous_end = l.end();
  }
}

}  // namespace
}  // namespace lineup::engine
