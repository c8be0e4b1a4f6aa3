// FingerprintSet against std::unordered_set: the same answers to every insertion and lookup,
// before, during and after its incremental growth.
#include "lineup/hunt/fingerprint_set.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cstdint>
#include <unordered_set>
#include <vector>

namespace lineup::hunt {
namespace {

RC_GTEST_PROP(FingerprintSet, AnswersAsAHashSetDoesWhileItGrows, ()) {
  // Few distinct values relative to the count, so that repeats meet entries not yet moved.
  const auto range = *rc::gen::inRange<uint64_t>(1, 20000);
  const auto values = *rc::gen::container<std::vector<uint64_t>>(
      *rc::gen::inRange<size_t>(0, 6000), rc::gen::inRange<uint64_t>(0, range));
  FingerprintSet set;
  std::unordered_set<uint64_t> reference;
  bool grew = false;
  for (uint64_t v : values) {
    // Spread the small values over the whole word, as fingerprints are.
    const uint64_t f = v == 0 ? 0 : v * 0xd6e8feb86659fd93ULL;
    RC_ASSERT(set.contains(f) == (reference.count(f) != 0));
    RC_ASSERT(set.insert(f) == reference.insert(f).second);
    RC_ASSERT(set.contains(f));
    RC_ASSERT(set.size() == reference.size());
    grew = grew || set.growing();
  }
  for (uint64_t f : reference) RC_ASSERT(set.contains(f));
  RC_TAG(grew ? "grew" : "did not grow");
}

TEST(FingerprintSet, MillionsOfEntriesEndWithTheOldTableFreed) {
  FingerprintSet set;
  uint64_t x = 1;
  size_t growing_seen = 0;
  for (int i = 0; i < 3'500'000; ++i) {
    x = x * 6364136223846793005ULL + 1442695040888963407ULL;
    ASSERT_TRUE(set.insert(x | 1));
    growing_seen += set.growing() ? 1 : 0;
  }
  EXPECT_EQ(set.size(), 3'500'000u);
  EXPECT_GT(growing_seen, 0u);
  // The last growth (to 2^23 slots, at 2^21 entries) moved the 2^22 old slots within 2^20
  // insertions.
  EXPECT_FALSE(set.growing());
  x = 1;
  for (int i = 0; i < 3'500'000; ++i) {
    x = x * 6364136223846793005ULL + 1442695040888963407ULL;
    ASSERT_FALSE(set.insert(x | 1));
  }
}

}  // namespace
}  // namespace lineup::hunt
