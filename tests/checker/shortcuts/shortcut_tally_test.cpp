// ShortcutTally against the rule it states, over random sequences of outcomes and ratios:
// asked while at least one in n of those asked succeeded, else once in n of the executions
// passed over (n = 16 unless given).
#include "checker/shortcuts/shortcut_tally.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cstdint>

namespace lineup::checker {
namespace {

RC_GTEST_PROP(ShortcutTally, AsksAsItsRuleSays, ()) {
  const auto executions = *rc::gen::inRange(0, 2000);
  // Per execution: whether the shortcut would succeed if asked, with a rate drawn per run.
  const auto percent = *rc::gen::inRange(0, 101);
  const auto one_in = static_cast<uint64_t>(*rc::gen::inRange(1, 33));
  ShortcutTally tally(one_in);
  uint64_t asked = 0, succeeded = 0, passed_over = 0;
  for (int e = 0; e < executions; ++e) {
    bool expected = succeeded * one_in >= asked;
    if (!expected) expected = ++passed_over % one_in == 0;
    RC_ASSERT(tally.worth_asking() == expected);
    if (!expected) continue;
    ++asked;
    if (*rc::gen::inRange(0, 100) < percent) {
      ++succeeded;
      tally.succeeded();
    }
  }
}

TEST(ShortcutTally, AShortcutThatNeverSucceedsIsAskedOnceInSixteen) {
  ShortcutTally tally;
  int asked = 0;
  for (int e = 0; e < 1601; ++e) asked += tally.worth_asking() ? 1 : 0;
  EXPECT_EQ(asked, 1 + 100);  // the first execution, then one in 16 of the 1,600 after it
}

TEST(ShortcutTally, OneInFourIsAskedOnceInFourWhenItNeverSucceeds) {
  ShortcutTally tally(4);
  int asked = 0;
  for (int e = 0; e < 401; ++e) asked += tally.worth_asking() ? 1 : 0;
  EXPECT_EQ(asked, 1 + 100);
}

TEST(ShortcutTally, AShortcutThatAlwaysSucceedsIsAlwaysAsked) {
  ShortcutTally tally;
  for (int e = 0; e < 1000; ++e) {
    ASSERT_TRUE(tally.worth_asking());
    tally.succeeded();
  }
}

}  // namespace
}  // namespace lineup::checker
