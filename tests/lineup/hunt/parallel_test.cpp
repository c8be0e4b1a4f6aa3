// Worker processes: the same programs are hunted whatever the number of workers, so the
// merged counts equal a single process's exactly; violations come back intact, each bug once.
#include "lineup/hunt/parallel.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>

#include "specs/structure.h"

namespace lineup::hunt {
namespace {

HuntOptions programs(uint64_t n) {
  HuntOptions o;
  o.budget_seconds = 1e9;
  o.max_programs = n;
  o.replay.atomics_only = true;
  o.search.executions_per_program = 1000;
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
    EXPECT_EQ(v.kind, lineup::hunt::ViolationKind::kNotLinearizable);
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

// A worker forked after its parent ran executions has its own hang watchdog (timers are not
// inherited across fork): a pop spinning in uninstrumented code is reported as a hang that
// names the function, not left spinning.
TEST(Parallel, AHangInAWorkerIsReportedAfterTheParentRanExecutions) {
  HuntResult before = hunt_parallel(*specs::find_target("boost/queue"), programs(1), 1);
  ASSERT_EQ(before.programs, 1u);
  HuntOptions o = programs(2);
  o.threads = 2;
  o.calls = 1;
  HuntResult r = hunt_parallel(*specs::find_target("test/hidden-spin-queue"), o, 2);
  ASSERT_FALSE(r.violations.empty());
  EXPECT_EQ(r.violations[0].kind, ViolationKind::kHang);
  EXPECT_NE(r.violations[0].report.find("uninstrumented_wait_for"), std::string::npos)
      << r.violations[0].report;
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

// A worker process that dies (here killed by a signal nothing can contain) is lineup's
// failure: reported with the program it was hunting, and the hunt goes on with a new worker
// from the next program.
TEST(Parallel, AWorkerThatDiesIsRestartedAfterItsProgram) {
  std::filesystem::path marker =
      std::filesystem::temp_directory_path() / ("lineup-die-once-" + std::to_string(getpid()));
  std::filesystem::remove(marker);
  setenv("LINEUP_TEST_DIE_ONCE", marker.c_str(), 1);
  HuntOptions o = programs(10);
  o.search.executions_per_program = 50;
  HuntResult r = hunt_parallel(*specs::find_target("test/dies-once"), o, 2);
  unsetenv("LINEUP_TEST_DIE_ONCE");
  std::filesystem::remove(marker);
  ASSERT_EQ(r.internal_errors.size(), 1u) << ::testing::PrintToString(r.internal_errors);
  const std::string& e = r.internal_errors[0];
  EXPECT_NE(e.find("killed by"), std::string::npos) << e;
  // The first program of one of the two workers.
  EXPECT_TRUE(e.ends_with("hunting program 0") || e.ends_with("hunting program 1")) << e;
  EXPECT_EQ(r.programs, 9u);  // every program but the one the worker died in
  EXPECT_TRUE(r.violations.empty());
}

}  // namespace
}  // namespace lineup::hunt
