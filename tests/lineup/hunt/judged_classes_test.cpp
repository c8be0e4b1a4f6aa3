// JudgedClasses: a class is judged once, unless it failed.
#include "lineup/hunt/judged_classes.h"

#include <gtest/gtest.h>

namespace lineup::hunt {
namespace {

TEST(JudgedClasses, AClassIsJudgedOnceThenKnown) {
  JudgedClasses judged;
  EXPECT_FALSE(judged.known_linearizable(42));
  EXPECT_TRUE(judged.known_linearizable(42));
  EXPECT_TRUE(judged.known_linearizable(42));
  EXPECT_FALSE(judged.known_linearizable(0));  // the fingerprint 0 is a class like any other
  EXPECT_TRUE(judged.known_linearizable(0));
}

TEST(JudgedClasses, AFailedClassIsJudgedEachTimeItComes) {
  JudgedClasses judged;
  EXPECT_FALSE(judged.known_linearizable(7));
  judged.failed(7);
  EXPECT_FALSE(judged.known_linearizable(7));
  EXPECT_FALSE(judged.known_linearizable(7));
  EXPECT_FALSE(judged.known_linearizable(8));
  EXPECT_TRUE(judged.known_linearizable(8));
}

}  // namespace
}  // namespace lineup::hunt
