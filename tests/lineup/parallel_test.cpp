// Worker processes: the same programs are hunted whatever the number of workers, so the
// merged counts equal a single process's exactly; violations come back intact, each bug once.
#include "lineup/parallel.h"

#include <gtest/gtest.h>

#include "specs/structure.h"

namespace lineup {
namespace {

HuntOptions programs(uint64_t n) {
  HuntOptions o;
  o.budget_seconds = 1e9;
  o.max_programs = n;
  o.atomics_only = true;
  o.executions_per_program = 1000;
  return o;
}

TEST(Parallel, TwoWorkersHuntTheSameProgramsAsOne) {
  const specs::Target& t = *specs::find_target("boost/queue");
  HuntResult one = hunt_parallel(t, programs(7), 1);
  HuntResult two = hunt_parallel(t, programs(7), 2);
  HuntResult three = hunt_parallel(t, programs(7), 3);
  for (const HuntResult* r : {&two, &three}) {
    EXPECT_EQ(r->programs, 7u);
    EXPECT_EQ(r->executions, one.executions);
    EXPECT_EQ(r->distinct_classes, one.distinct_classes);
    EXPECT_EQ(r->bound_completed, one.bound_completed);
    EXPECT_TRUE(r->violations.empty());
  }
}

TEST(Parallel, ViolationsComeBackFromWorkers) {
  const specs::Target& t = *specs::find_target("seeded/two-bugs-stack");
  HuntOptions o = programs(40);
  o.max_violations = 0;
  HuntResult r = hunt_parallel(t, o, 2);
  ASSERT_GE(r.violations.size(), 1u);
  for (const Violation& v : r.violations) {
    EXPECT_EQ(v.kind, "not linearizable");
    EXPECT_FALSE(v.schedule.choices.empty());
    EXPECT_NE(v.report.find("schedule s1:"), std::string::npos);
    EXPECT_EQ(v.results.size(), v.program.results_size());
  }
  // Deterministic for a given seed, job count and program limit.
  HuntResult again = hunt_parallel(t, o, 2);
  ASSERT_EQ(again.violations.size(), r.violations.size());
  for (size_t i = 0; i < r.violations.size(); ++i) {
    EXPECT_EQ(again.violations[i].schedule, r.violations[i].schedule);
    EXPECT_EQ(again.violations[i].program, r.violations[i].program);
  }
}

// Each worker seals only the bugs it found itself; the merge drops a violation that the other
// workers' seals would have hidden, so each bug is reported once, as in a single hunt
// (OptimisticQueue's empty() bug shows under several signatures).
TEST(Parallel, EachBugIsReportedOnceWhateverTheWorkers) {
  struct Case {
    const char* name;
    size_t bugs;
  };
  for (Case c : {Case{"seeded/publish-before-write", 1}, Case{"seeded/two-bugs-stack", 2},
                 Case{"cds/optimisticqueue", 1}}) {
    HuntOptions o = programs(200);
    o.max_violations = 0;
    for (int jobs : {1, 2, 3}) {
      HuntResult r = hunt_parallel(*specs::find_target(c.name), o, jobs);
      EXPECT_EQ(r.violations.size(), c.bugs) << c.name << " with " << jobs << " workers";
    }
  }
}

}  // namespace
}  // namespace lineup
