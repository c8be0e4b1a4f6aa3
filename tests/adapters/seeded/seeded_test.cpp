// Every seeded bug is found by a generic hunt (default strategy, bound and program shape; a
// cap on programs instead of a time budget), and the claims the structures make about what
// they need hold: the tag-reset queue needs two preemptions, the two-consumer ring three
// threads.
#include <gtest/gtest.h>

#include "lineup/hunt.h"
#include "specs/structure.h"

namespace lineup {
namespace {

HuntOptions capped(uint64_t programs) {
  HuntOptions o;
  o.budget_seconds = 1e9;
  o.max_programs = programs;
  o.executions_per_program = 5000;
  return o;
}

std::vector<std::string> seeded_names() {
  std::vector<std::string> names;
  for (const specs::Target& t : specs::registered_targets()) {
    if (t.name.starts_with("seeded/")) names.push_back(t.name);
  }
  return names;
}

TEST(Seeded, TheSuiteHasAtLeastEightBugs) { EXPECT_GE(seeded_names().size(), 8u); }

class SeededBug : public ::testing::TestWithParam<std::string> {};

TEST_P(SeededBug, IsFoundByTheHunt) {
  HuntResult r = hunt(*specs::find_target(GetParam()), capped(20));
  ASSERT_EQ(r.violations.size(), 1u) << "not found in " << r.programs << " programs";
  EXPECT_FALSE(r.violations[0].schedule.choices.empty());
}

INSTANTIATE_TEST_SUITE_P(All, SeededBug, ::testing::ValuesIn(seeded_names()), [](const auto& info) {
  std::string n = info.param.substr(7);
  for (char& c : n) c = std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
  return n;
});

TEST(Seeded, UseAfterFreeIsReportedAsSuch) {
  HuntResult r = hunt(*specs::find_target("seeded/use-after-free-stack"), capped(20));
  ASSERT_EQ(r.violations.size(), 1u);
  EXPECT_EQ(r.violations[0].kind, "use-after-free");
}

TEST(Seeded, TagResetNeedsTwoPreemptions) {
  const specs::Target& t = *specs::find_target("seeded/msqueue-tag-reset");
  HuntOptions one = capped(30);
  one.bound = 1;
  EXPECT_TRUE(hunt(t, one).violations.empty());
  HuntResult two = hunt(t, capped(30));
  ASSERT_EQ(two.violations.size(), 1u);
  EXPECT_EQ(two.violations[0].preemptions, 2);
}

TEST(Seeded, TwoConsumerRingNeedsThreeThreads) {
  const specs::Target& t = *specs::find_target("seeded/spsc-ring-two-consumers");
  HuntOptions two = capped(30);
  two.threads = 2;
  EXPECT_TRUE(hunt(t, two).violations.empty());
  EXPECT_EQ(hunt(t, capped(30)).violations.size(), 1u);
}

}  // namespace
}  // namespace lineup
