// SpinWindow on hand-made step sequences over real memory: when a repeated iteration counts as
// a spin, and which values end the wait.
#include "lineup/engine/spin_window.h"

#include <gtest/gtest.h>

#include <cstdint>

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

}  // namespace
}  // namespace lineup::engine
