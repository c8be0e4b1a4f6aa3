// SpinWindow on hand-made step sequences over real memory: when a repeated iteration counts as
// a spin, and which values end the wait.
#include "engine/waiting/spin_window.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cstdint>
#include <deque>

namespace lineup::engine {
namespace {

auto at(const void* p) { return reinterpret_cast<uintptr_t>(p); }

constexpr uintptr_t kLoadFlag = 0x100, kClaim = 0x200, kRelease = 0x300, kSet = 0x400;

// One round of `while (!flag) { claim = 1; claim = 0; }`: the writes are applied to memory as
// the engine would see them (the old value recorded before, the new one settled after).
struct ClaimingWaiter {
  int64_t flag = 0;
  int64_t claim = 0;
  SpinWindow window;

  void write(uintptr_t pc, int64_t value) {
    window.add_shared_write(pc, at(&claim), 8, static_cast<uint64_t>(claim));
    claim = value;
    window.settle();
  }
  void round() {
    window.add_read(kLoadFlag, at(&flag), 8, static_cast<uint64_t>(flag));
    write(kClaim, 1);
    write(kRelease, 0);
  }
  bool about_to_repeat() { return window.repeats(kLoadFlag, at(&flag)); }
};

// c11 mode: rounds that re-read a stale value repeat like any others (the window keeps memory's
// value), but say so, and the locations they wait on are the ones to read afresh.
TEST(SpinWindow, StaleRoundsRepeatAndSaySo) {
  int64_t flag = 1;
  for (bool stale_last : {false, true}) {
    SpinWindow window;
    for (int round = 0; round < 2; ++round) {
      window.add_read(kLoadFlag, at(&flag), 8, static_cast<uint64_t>(flag));
      if (round == 0 || stale_last) window.mark_stale(kLoadFlag, at(&flag));
    }
    ASSERT_TRUE(window.repeats(kLoadFlag, at(&flag)));
    EXPECT_EQ(window.last_round_read_stale(), stale_last);
    std::deque<uintptr_t> watched;
    window.for_each_watched([&](uintptr_t a) { watched.push_back(a); });
    EXPECT_EQ(watched, std::deque<uintptr_t>{at(&flag)});
  }
}

// A stale mark names the newest step; any other step keeps its window entry unmarked.
TEST(SpinWindow, AStaleMarkForAnotherStepIsIgnored) {
  int64_t flag = 1;
  SpinWindow window;
  for (int round = 0; round < 2; ++round) {
    window.add_read(kLoadFlag, at(&flag), 8, static_cast<uint64_t>(flag));
    window.mark_stale(kSet, at(&flag));
  }
  ASSERT_TRUE(window.repeats(kLoadFlag, at(&flag)));
  EXPECT_FALSE(window.last_round_read_stale());
}

TEST(SpinWindow, ARoundThatRestoresWhatItWroteRepeats) {
  ClaimingWaiter w;
  w.round();
  EXPECT_FALSE(w.about_to_repeat());
  w.round();
  EXPECT_TRUE(w.about_to_repeat());
}

TEST(SpinWindow, ARoundWhoseWriteIsNotUndoneDoesNotRepeat) {
  ClaimingWaiter w;
  w.round();
  w.round();
  w.claim = 1;  // as if the release had not been the last word
  EXPECT_FALSE(w.about_to_repeat());
  w.claim = 0;
  w.flag = 1;  // another thread set the flag: the next read sees something new
  EXPECT_FALSE(w.about_to_repeat());
}

TEST(SpinWindow, AWriteThatChangesMemoryOnlyOnTheFirstRoundRepeatsFromTheSecond) {
  // `while (!flag) claim = 1;` with claim initially 0: the first round changes memory, the
  // next ones rewrite the same value.
  int64_t flag = 0, claim = 0;
  SpinWindow window;
  auto round = [&] {
    window.add_read(kLoadFlag, at(&flag), 8, 0);
    window.add_shared_write(kSet, at(&claim), 8, static_cast<uint64_t>(claim));
    claim = 1;
  };
  round();
  round();
  EXPECT_FALSE(window.repeats(kLoadFlag, at(&flag)));
  round();
  EXPECT_TRUE(window.repeats(kLoadFlag, at(&flag)));
}

TEST(SpinWindow, ItWaitsUntilAReadOrWrittenLocationHoldsANewValue) {
  ClaimingWaiter w;
  w.round();
  w.round();
  ASSERT_TRUE(w.about_to_repeat());
  EXPECT_FALSE(w.window.changed());
  w.claim = 1;  // another thread claims the flag
  EXPECT_TRUE(w.window.changed());
  w.claim = 0;  // and releases it: the waiter could not tell
  EXPECT_FALSE(w.window.changed());
  w.flag = 1;
  EXPECT_TRUE(w.window.changed());
}

TEST(SpinWindow, AnotherThreadsWriteDuringTheIterationIsNotASpin) {
  // `while (!flag) { a = flag; b = flag; }` where the two reads of one round saw different
  // values: someone is writing the flag, the waiter need not block.
  int64_t flag = 0;
  SpinWindow window;
  for (int round = 0; round < 2; ++round) {
    window.add_read(kLoadFlag, at(&flag), 8, 0);
    window.add_read(kRelease, at(&flag), 8, 5);
  }
  EXPECT_FALSE(window.repeats(kLoadFlag, at(&flag)));
}

// last_read's chains against a scan of the whole window, over windows that wrap around the
// ring several times, are cleared midway, and have more distinct reads than buckets.
RC_GTEST_PROP(SpinWindow, TheNewestReadIsTheOneAScanOfTheWindowFinds, ()) {
  struct Seen {
    uintptr_t pc, addr;
    bool read;
  };
  uint64_t memory[4] = {};
  const auto keys = *rc::gen::inRange<uintptr_t>(1, 700);
  const auto steps = *rc::gen::inRange(0, 1500);
  SpinWindow window;
  std::deque<Seen> seen;  // the window, oldest first
  for (int i = 0; i < steps; ++i) {
    const auto pc = *rc::gen::inRange<uintptr_t>(0, keys);
    const auto slot = *rc::gen::inRange<size_t>(0, 4);
    const uintptr_t addr = at(&memory[slot]);
    switch (*rc::gen::inRange(0, 20)) {
      case 0:
        window.clear();
        seen.clear();
        break;
      case 1:
        window.add_shared_write(pc, addr, 8, memory[slot]);
        seen.push_back({pc, addr, false});
        break;
      case 2:
        window.add_stack_write(pc, addr, 8, memory[slot]);
        seen.push_back({pc, addr, false});
        break;
      default:
        window.add_read(pc, addr, 8, memory[slot]);
        seen.push_back({pc, addr, true});
    }
    if (seen.size() > 256) seen.pop_front();
    const auto ask_pc = *rc::gen::inRange<uintptr_t>(0, keys);
    const uintptr_t ask_addr = at(&memory[*rc::gen::inRange<size_t>(0, 4)]);
    int expected = -1;
    for (int k = static_cast<int>(seen.size()) - 1; k >= 0 && expected < 0; --k) {
      const Seen& e = seen[static_cast<size_t>(k)];
      if (e.read && e.pc == ask_pc && e.addr == ask_addr) expected = k;
    }
    RC_ASSERT(window.last_read(ask_pc, ask_addr) == expected);
  }
}

}  // namespace
}  // namespace lineup::engine
