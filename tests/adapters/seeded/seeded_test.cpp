// Every seeded bug is found by a generic hunt (default options: strategy, bound, program shape,
// executions per program; a cap on programs instead of a time budget) and reported as the
// kind of failure its header describes. The claims the structures make about what their bug
// needs hold: two preemptions for the tag-reset queue and the pop-count reclaiming stack,
// three threads for the two-consumer ring and the pop-count reclaiming stack. And the same
// code without its flaw (tests/adapters/seeded/fixtures) hunts cleanly.
#include <gtest/gtest.h>

#include <map>

#include "lineup/hunt/hunt.h"
#include "specs/structure.h"

namespace lineup {
namespace {

HuntOptions capped(uint64_t programs) {
  HuntOptions o;
  o.budget_seconds = 1e9;  // bounded by the number of programs, not by time
  o.max_programs = programs;
  return o;
}

const specs::Target& target(const std::string& name) {
  const specs::Target* t = specs::find_target(name);
  if (t == nullptr) throw std::invalid_argument("not registered: " + name);
  return *t;
}

std::vector<std::string> seeded_names() {
  std::vector<std::string> names;
  for (const specs::Target& t : specs::registered_targets()) {
    if (t.name.starts_with("seeded/")) names.push_back(t.name);
  }
  return names;
}

// The failure each bug shows first; the others return results no order explains.
lineup::ViolationKind expected_kind(const std::string& name) {
  static const std::map<std::string, lineup::ViolationKind> kinds = {
      {"seeded/use-after-free-stack", lineup::ViolationKind::kUseAfterFree},
      {"seeded/pop-count-reclaim-stack", lineup::ViolationKind::kUseAfterFree},
  };
  auto it = kinds.find(name);
  return it == kinds.end() ? lineup::ViolationKind::kNotLinearizable : it->second;
}

TEST(Seeded, TheSuiteHasAtLeastEightBugs) { EXPECT_GE(seeded_names().size(), 8u); }

TEST(Seeded, EveryBugIsDeclaredAsSeeded) {
  for (const std::string& name : seeded_names()) {
    EXPECT_EQ(target(name).origin, "seeded") << name;
    EXPECT_FALSE(target(name).description.empty()) << name;
  }
}

class SeededBug : public ::testing::TestWithParam<std::string> {};

TEST_P(SeededBug, IsFoundByTheHunt) {
  HuntResult r = hunt(target(GetParam()), capped(20));
  ASSERT_EQ(r.violations.size(), 1u) << "not found in " << r.programs << " programs";
  const Violation& v = r.violations[0];
  EXPECT_EQ(v.kind, expected_kind(GetParam())) << v.report;
  // A concurrency bug: the calls run one at a time would be correct.
  EXPECT_GE(v.preemptions, 1) << v.report;
  EXPECT_FALSE(v.schedule.choices.empty());
}

INSTANTIATE_TEST_SUITE_P(All, SeededBug, ::testing::ValuesIn(seeded_names()), [](const auto& info) {
  std::string n = info.param.substr(7);
  for (char& c : n) c = std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
  return n;
});

TEST(Seeded, TagResetNeedsTwoPreemptions) {
  const specs::Target& t = target("seeded/msqueue-tag-reset");
  HuntOptions one = capped(30);
  one.bound = 1;
  HuntResult r1 = hunt(t, one);
  EXPECT_EQ(r1.programs, 30u);
  EXPECT_TRUE(r1.violations.empty()) << r1.violations.front().report;
  HuntResult two = hunt(t, capped(30));
  ASSERT_EQ(two.violations.size(), 1u);
  EXPECT_EQ(two.violations[0].preemptions, 2);
}

TEST(Seeded, TwoConsumerRingNeedsThreeThreads) {
  const specs::Target& t = target("seeded/spsc-ring-two-consumers");
  HuntOptions two = capped(300);
  two.threads = 2;
  HuntResult r2 = hunt(t, two);
  EXPECT_EQ(r2.programs, 300u);
  EXPECT_TRUE(r2.violations.empty()) << r2.violations.front().report;
  HuntResult r3 = hunt(t, capped(30));
  ASSERT_EQ(r3.violations.size(), 1u);
  EXPECT_EQ(r3.violations[0].program.threads.size(), 3u);
}

TEST(Seeded, PopCountReclaimNeedsThreeThreadsAndTwoPreemptions) {
  const specs::Target& t = target("seeded/pop-count-reclaim-stack");
  HuntOptions two_threads = capped(300);
  two_threads.threads = 2;
  HuntResult r2 = hunt(t, two_threads);
  EXPECT_EQ(r2.programs, 300u);
  EXPECT_TRUE(r2.violations.empty()) << r2.violations.front().report;

  HuntOptions one_preemption = capped(40);
  one_preemption.bound = 1;
  HuntResult r1 = hunt(t, one_preemption);
  EXPECT_EQ(r1.programs, 40u);
  EXPECT_TRUE(r1.violations.empty()) << r1.violations.front().report;

  HuntResult r = hunt(t, capped(20));
  ASSERT_EQ(r.violations.size(), 1u);
  const Violation& v = r.violations[0];
  EXPECT_EQ(v.kind, lineup::ViolationKind::kUseAfterFree);
  EXPECT_EQ(v.preemptions, 2);
  EXPECT_EQ(v.program.threads.size(), 3u);
  EXPECT_NE(v.report.find("pop_count_reclaim_stack.h:"), std::string::npos) << v.report;
}

// The programs that find the seeded bugs in their first programs find nothing once the flaw
// is gone.
TEST(Seeded, TheFlawlessVariantsHuntCleanly) {
  for (const char* name : {"control/tagged-msqueue", "control/pop-count-reclaim-stack"}) {
    HuntResult r = hunt(target(name), capped(4));
    EXPECT_EQ(r.programs, 4u) << name;
    EXPECT_TRUE(r.violations.empty()) << name << ": " << r.violations.front().report;
  }
}

}  // namespace
}  // namespace lineup
