// JudgedClasses: a class is judged once, unless it failed, and says when it is entered.
#include "lineup/hunt/judged_classes.h"

#include <gtest/gtest.h>

namespace lineup::hunt {
namespace {

TEST(JudgedClasses, AClassIsJudgedOnceThenKnown) {
  JudgedClasses judged;
  bool entered = false;
  EXPECT_FALSE(judged.known_linearizable(42, &entered));
  EXPECT_TRUE(entered);
  EXPECT_TRUE(judged.known_linearizable(42, &entered));
  EXPECT_FALSE(entered);
  EXPECT_TRUE(judged.known_linearizable(42, &entered));
  // The fingerprint 0 is a class like any other.
  EXPECT_FALSE(judged.known_linearizable(0, &entered));
  EXPECT_TRUE(entered);
  EXPECT_TRUE(judged.known_linearizable(0, &entered));
  EXPECT_TRUE(judged.contains(0));
  EXPECT_TRUE(judged.contains(42));
  EXPECT_FALSE(judged.contains(43));
}

TEST(JudgedClasses, AFailedClassIsJudgedEachTimeItComes) {
  JudgedClasses judged;
  bool entered = false;
  EXPECT_FALSE(judged.known_linearizable(7, &entered));
  judged.failed(7);
  EXPECT_FALSE(judged.known_linearizable(7, &entered));
  EXPECT_FALSE(entered);
  EXPECT_FALSE(judged.known_linearizable(7, &entered));
  EXPECT_FALSE(judged.known_linearizable(8, &entered));
  EXPECT_TRUE(judged.known_linearizable(8, &entered));
}

}  // namespace
}  // namespace lineup::hunt
