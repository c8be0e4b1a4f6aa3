// ScheduleMemo against a std::map keyed by the schedules themselves: two schedules get the same
// key exactly when they are equal, every remembered fingerprint is found again (also after the
// table grows), and schedules that cannot have an exact key are never given one.
#include "lineup/hunt/schedule_memo.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <bit>
#include <map>
#include <vector>

namespace lineup::hunt {
namespace {

engine::Schedule of(std::vector<engine::ThreadId> choices) {
  engine::Schedule s;
  s.choices = std::move(choices);
  return s;
}

RC_GTEST_PROP(ScheduleMemo, FindsWhatAMapOfTheSchedulesFinds, ()) {
  const int threads = *rc::gen::inRange(1, 65);
  const auto bits = threads <= 1 ? 1 : std::bit_width(static_cast<unsigned>(threads - 1));
  const size_t fit = static_cast<size_t>(120 / bits);
  // Short schedules over few choices repeat; lengths run past what fits.
  const int alphabet = *rc::gen::inRange(1, threads + 1);
  const auto schedules = *rc::gen::container<std::vector<std::vector<engine::ThreadId>>>(
      *rc::gen::inRange<size_t>(0, 3000),
      rc::gen::container<std::vector<engine::ThreadId>>(*rc::gen::inRange<size_t>(0, fit + 3),
                                                        rc::gen::inRange(0, alphabet)));
  ScheduleMemo memo(threads);
  std::map<std::vector<engine::ThreadId>, uint64_t> reference;
  uint64_t next = 1;
  for (const auto& choices : schedules) {
    const auto key = memo.key(of(choices));
    RC_ASSERT(key.has_value() == (choices.size() <= fit));
    if (!key) continue;
    const auto found = memo.find(*key);
    const auto it = reference.find(choices);
    RC_ASSERT(found.has_value() == (it != reference.end()));
    if (found) {
      RC_ASSERT(*found == it->second);
    } else {
      memo.add(*key, next);
      reference[choices] = next++;
    }
    RC_ASSERT(memo.size() == reference.size());
  }
}

TEST(ScheduleMemo, KeysTellApartSchedulesThatDifferOnlyInLength) {
  ScheduleMemo memo(2);  // one bit a choice: thread 0 packs as nothing but the length
  EXPECT_FALSE(memo.key(of({0})) == memo.key(of({0, 0})));
  EXPECT_FALSE(memo.key(of({})) == memo.key(of({0})));
}

TEST(ScheduleMemo, KeysTellApartChoicesAcrossTheWordBoundary) {
  ScheduleMemo memo(8);  // three bits a choice: the 22nd straddles the two words
  std::vector<engine::ThreadId> a(30, 7), b(30, 7);
  b[21] = 3;
  EXPECT_FALSE(memo.key(of(a)) == memo.key(of(b)));
}

TEST(ScheduleMemo, NoKeyForMemoryModelChoicesOrThreadsOutOfRange) {
  ScheduleMemo memo(3);
  engine::Schedule weak = of({0, 1});
  weak.stale = {0};
  EXPECT_FALSE(memo.key(weak).has_value());
  EXPECT_FALSE(memo.key(of({0, 4})).has_value());  // 4 needs a third bit
  EXPECT_TRUE(memo.key(of({0, 2, 1})).has_value());
}

}  // namespace
}  // namespace lineup::hunt
