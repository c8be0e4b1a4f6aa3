// Every seeded bug is found by a generic hunt (default options: strategy, bound, program shape,
// executions per program; a cap on programs instead of a time budget) and reported as the
// kind of failure its header describes. The claims the structures make about what their bug
// needs hold for CB-DPOR alone (a bounded systematic search, whose bound they are about): two
// preemptions for the tag-reset queue and the pop-count reclaiming stack, three threads for the
// two-consumer ring and the pop-count reclaiming stack, a bigger program than 3 threads x 3 calls
// for the deep ones (which declare their shape), and three preemptions for the tag-reset queue with
// producer and consumer roles. And the same code without its flaw (tests/adapters/seeded/fixtures)
// hunts cleanly.
#include <gtest/gtest.h>

#include <map>

#include "lineup/hunt/hunt.h"
#include "specs/structure.h"

namespace lineup {
namespace {

hunt::HuntOptions capped(uint64_t programs) {
  hunt::HuntOptions o;
  o.budget_seconds = 1e9;  // bounded by the number of programs, not by time
  o.max_programs = programs;
  return o;
}

// capped(programs) in the program shape the structure declares, as `lineup hunt` uses it.
hunt::HuntOptions capped(const specs::Target& t, uint64_t programs) {
  hunt::HuntOptions o = capped(programs);
  if (t.threads > 0) o.threads = t.threads;
  if (t.calls > 0) o.calls = t.calls;
  return o;
}

// `o` with CB-DPOR alone at preemption bound `bound` (the default strategy also samples
// executions beyond its bound).
hunt::HuntOptions cbdpor(hunt::HuntOptions o, int bound) {
  o.search.strategy = engine::StrategyKind::kCbDpor;
  o.search.bound = bound;
  return o;
}

// The bug that needs three preemptions (see msqueue_tag_reset_roles.cpp): the default hunt
// finds it through the portfolio's sampler, a bound-2 CB-DPOR hunt never.
constexpr const char* kThreePreemptions = "seeded/msqueue-tag-reset-roles";

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
lineup::hunt::ViolationKind expected_kind(const std::string& name) {
  static const std::map<std::string, lineup::hunt::ViolationKind> kinds = {
      {"seeded/use-after-free-stack", lineup::hunt::ViolationKind::kUseAfterFree},
      {"seeded/pop-count-reclaim-stack", lineup::hunt::ViolationKind::kUseAfterFree},
      {"seeded/hazard-stack-no-revalidate", lineup::hunt::ViolationKind::kUseAfterFree},
      {"seeded/hazard-slots-wrap", lineup::hunt::ViolationKind::kUseAfterFree},
      {"seeded/hazard-msqueue-no-revalidate", lineup::hunt::ViolationKind::kUseAfterFree},
      {"seeded/hazard-msqueue-tail-no-revalidate", lineup::hunt::ViolationKind::kUseAfterFree},
  };
  auto it = kinds.find(name);
  return it == kinds.end() ? lineup::hunt::ViolationKind::kNotLinearizable : it->second;
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
  const specs::Target& t = target(GetParam());
  hunt::HuntResult r = hunt::hunt(t, capped(t, 20));
  ASSERT_EQ(r.violations.size(), 1u) << "not found in " << r.programs << " programs";
  const hunt::Violation& v = r.violations[0];
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
  hunt::HuntResult r1 = hunt::hunt(t, cbdpor(capped(30), 1));
  EXPECT_EQ(r1.programs, 30u);
  EXPECT_TRUE(r1.violations.empty()) << r1.violations.front().report;
  hunt::HuntResult two = hunt::hunt(t, cbdpor(capped(30), 2));
  ASSERT_EQ(two.violations.size(), 1u);
  EXPECT_EQ(two.violations[0].preemptions, 2);
}

// The libcds 1.3.1 queue ABA is not deep: one preemption (the stale enqueue's) shows it, in
// the first programs.
TEST(Seeded, DummyClearNeedsOnePreemption) {
  const specs::Target& t = target("seeded/msqueue-dummy-clear");
  hunt::HuntResult r = hunt::hunt(t, cbdpor(capped(5), 1));
  ASSERT_EQ(r.violations.size(), 1u) << "not found in " << r.programs << " programs";
  EXPECT_EQ(r.violations[0].preemptions, 1) << r.violations[0].report;
}

TEST(Seeded, TwoConsumerRingNeedsThreeThreads) {
  const specs::Target& t = target("seeded/spsc-ring-two-consumers");
  hunt::HuntOptions two = capped(300);
  two.threads = 2;
  hunt::HuntResult r2 = hunt::hunt(t, two);
  EXPECT_EQ(r2.programs, 300u);
  EXPECT_TRUE(r2.violations.empty()) << r2.violations.front().report;
  hunt::HuntResult r3 = hunt::hunt(t, capped(30));
  ASSERT_EQ(r3.violations.size(), 1u);
  EXPECT_EQ(r3.violations[0].program.threads.size(), 3u);
}

TEST(Seeded, PopCountReclaimNeedsThreeThreadsAndTwoPreemptions) {
  const specs::Target& t = target("seeded/pop-count-reclaim-stack");
  hunt::HuntOptions two_threads = capped(300);
  two_threads.threads = 2;
  hunt::HuntResult r2 = hunt::hunt(t, two_threads);
  EXPECT_EQ(r2.programs, 300u);
  EXPECT_TRUE(r2.violations.empty()) << r2.violations.front().report;

  hunt::HuntResult r1 = hunt::hunt(t, cbdpor(capped(40), 1));
  EXPECT_EQ(r1.programs, 40u);
  EXPECT_TRUE(r1.violations.empty()) << r1.violations.front().report;

  hunt::HuntResult r = hunt::hunt(t, cbdpor(capped(20), 2));
  ASSERT_EQ(r.violations.size(), 1u);
  const hunt::Violation& v = r.violations[0];
  EXPECT_EQ(v.kind, lineup::hunt::ViolationKind::kUseAfterFree);
  EXPECT_EQ(v.preemptions, 2);
  EXPECT_EQ(v.program.threads.size(), 3u);
  EXPECT_NE(v.report.find("pop_count_reclaim_stack.h:"), std::string::npos) << v.report;
}

// The deep bugs: each needs a bigger program than the default 3 threads x 3 calls (a fourth
// call in a thread, or a fourth thread), which its structure declares; in the default shape
// the structure is correct, so even a bound-3 hunt finds nothing there. In the declared shape
// the default bound-2 hunt finds it, with one preemption at least.
struct DeepBug {
  const char* name;
  int threads, calls;  // the shape it needs, declared by the structure
};

class SeededDeepBug : public ::testing::TestWithParam<DeepBug> {};

TEST_P(SeededDeepBug, NeedsItsDeclaredShape) {
  const DeepBug& d = GetParam();
  const specs::Target& t = target(d.name);
  ASSERT_EQ(t.threads, d.threads);
  ASSERT_EQ(t.calls, d.calls);

  hunt::HuntOptions small = cbdpor(capped(100), 2);
  ASSERT_EQ(small.threads, 3);
  ASSERT_EQ(small.calls, 3);
  hunt::HuntResult r2 = hunt::hunt(t, small);
  EXPECT_EQ(r2.programs, 100u);
  EXPECT_TRUE(r2.violations.empty()) << r2.violations.front().report;
  small.search.bound = 3;
  small.max_programs = 20;
  hunt::HuntResult r3 = hunt::hunt(t, small);
  EXPECT_EQ(r3.programs, 20u);
  EXPECT_TRUE(r3.violations.empty()) << r3.violations.front().report;

  hunt::HuntResult r = hunt::hunt(t, capped(t, 40));
  ASSERT_EQ(r.violations.size(), 1u) << "not found in " << r.programs << " programs";
  const hunt::Violation& v = r.violations[0];
  EXPECT_EQ(v.kind, expected_kind(d.name)) << v.report;
  EXPECT_EQ(v.program.threads.size(), static_cast<size_t>(d.threads));
  for (const auto& thread : v.program.threads)
    EXPECT_EQ(thread.size(), static_cast<size_t>(d.calls));
}

INSTANTIATE_TEST_SUITE_P(Deep, SeededDeepBug,
                         ::testing::Values(DeepBug{"seeded/hazard-stack-no-revalidate", 3, 4},
                                           DeepBug{"seeded/hazard-slots-wrap", 4, 3},
                                           DeepBug{"seeded/treiber-tag-wrap", 3, 4},
                                           DeepBug{"seeded/hazard-msqueue-no-revalidate", 3, 4},
                                           DeepBug{"seeded/hazard-msqueue-tail-no-revalidate", 3,
                                                   4}),
                         [](const auto& info) {
                           std::string n = std::string(info.param.name).substr(7);
                           for (char& c : n)
                             c = std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
                           return n;
                         });

// One preemption is enough for each, once the program is big enough: what makes them deep is
// the number of calls or threads.
TEST(Seeded, DeepBugsNeedOnlyOnePreemptionInTheirShape) {
  for (const char* name :
       {"seeded/hazard-stack-no-revalidate", "seeded/hazard-slots-wrap", "seeded/treiber-tag-wrap",
        "seeded/hazard-msqueue-no-revalidate", "seeded/hazard-msqueue-tail-no-revalidate"}) {
    const specs::Target& t = target(name);
    hunt::HuntResult r = hunt::hunt(t, cbdpor(capped(t, 60), 1));
    ASSERT_EQ(r.violations.size(), 1u) << name << ": not found in " << r.programs << " programs";
    EXPECT_EQ(r.violations[0].preemptions, 1) << name;
  }
}

// The tag-reset queue with two producers and one consumer, the deep bug that needs three
// preemptions (van den Hooff 2014, chapter 5, reports three for the Boost FIFO bug): CB-DPOR
// explores every execution of bound 2 of its first 20 programs and finds nothing; bound 3
// finds it in the first program, with three preemptions, and the shrunk case keeps them.
TEST(Seeded, TagResetRolesNeedsThreePreemptions) {
  const specs::Target& t = target(kThreePreemptions);
  hunt::HuntResult r2 = hunt::hunt(t, cbdpor(capped(20), 2));
  EXPECT_EQ(r2.programs, 20u);
  EXPECT_EQ(r2.programs_capped, 0u);  // bound 2 explored completely
  EXPECT_EQ(r2.bound_completed, 2);
  EXPECT_TRUE(r2.violations.empty()) << r2.violations.front().report;

  hunt::HuntResult r3 = hunt::hunt(t, cbdpor(capped(20), 3));
  ASSERT_EQ(r3.violations.size(), 1u) << "not found in " << r3.programs << " programs";
  EXPECT_EQ(r3.programs, 1u);
  const hunt::Violation& v = r3.violations[0];
  EXPECT_EQ(v.kind, lineup::hunt::ViolationKind::kNotLinearizable) << v.report;
  EXPECT_EQ(v.preemptions, 3) << v.report;
  EXPECT_EQ(v.program.threads.size(), 3u);
}

// The programs that find the seeded bugs in their first programs find nothing once the flaw
// is gone.
TEST(Seeded, TheFlawlessVariantsHuntCleanly) {
  for (const char* name : {"control/tagged-msqueue", "control/pop-count-reclaim-stack",
                           "control/msqueue-dummy-kept"}) {
    hunt::HuntResult r = hunt::hunt(target(name), capped(4));
    EXPECT_EQ(r.programs, 4u) << name;
    EXPECT_TRUE(r.violations.empty()) << name << ": " << r.violations.front().report;
  }
}

// The deep ones' controls, in the shapes the seeded bugs are found in (within 8 programs).
TEST(Seeded, TheDeepFlawlessVariantsHuntCleanly) {
  for (const char* name : {"control/hazard-stack", "control/hazard-stack-4-slots",
                           "control/tagged-stack", "control/hazard-msqueue"}) {
    const specs::Target& t = target(name);
    hunt::HuntResult r = hunt::hunt(t, capped(t, 10));
    EXPECT_EQ(r.programs, 10u) << name;
    EXPECT_TRUE(r.violations.empty()) << name << ": " << r.violations.front().report;
  }
}

// The tag-reset queue with roles, tags counting on: the programs where bound 3 finds the
// seeded bug hunt cleanly at bound 3.
TEST(Seeded, TheThreePreemptionFlawlessVariantHuntsCleanly) {
  const specs::Target& t = target("control/tagged-msqueue-roles");
  hunt::HuntResult r = hunt::hunt(t, cbdpor(capped(t, 3), 3));
  EXPECT_EQ(r.programs, 3u);
  EXPECT_TRUE(r.violations.empty()) << r.violations.front().report;
}

}  // namespace
}  // namespace lineup
