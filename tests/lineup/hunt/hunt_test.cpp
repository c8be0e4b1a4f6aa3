// The hunt end to end: the seeded non-linearizable queue is found, Boost's queue and stack
// are clean over a fixed number of programs, and the classic check is weaker or equal.
#include "lineup/hunt/hunt.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "engine/memory/happens_before.h"
#include "engine/strategy/icb.h"
#include "generator/programs.h"
#include "lineup/hunt/search.h"
#include "specs/structure.h"

namespace lineup::hunt {
namespace {

HuntOptions programs(uint64_t n) {
  HuntOptions o;
  o.budget_seconds = 1e9;  // bounded by the number of programs, not by time
  o.max_programs = n;
  o.replay.atomics_only = true;
  o.search.executions_per_program = 3000;
  return o;
}

TEST(Hunt, FindsTheSeededPublishBeforeWriteBug) {
  const specs::Target* t = specs::find_target("seeded/publish-before-write");
  ASSERT_NE(t, nullptr);
  HuntResult r = hunt(*t, programs(50));
  ASSERT_EQ(r.violations.size(), 1u);
  const Violation& v = r.violations.front();
  EXPECT_EQ(v.kind, lineup::hunt::ViolationKind::kNotLinearizable);
  EXPECT_NE(v.report.find("publish_before_write.cpp:"),
            std::string::npos);  // the trace names the source
  EXPECT_FALSE(v.schedule.choices.empty());
}

TEST(Hunt, PhaseOneOutcomesFindTheSeededBugAndPassBoost) {
  HuntOptions o = programs(50);
  o.replay.model_spec = false;  // the implementation's serial outcomes are the specification
  HuntResult bad = hunt(*specs::find_target("seeded/publish-before-write"), o);
  ASSERT_EQ(bad.violations.size(), 1u);
  EXPECT_EQ(bad.violations[0].kind, lineup::hunt::ViolationKind::kNotLinearizable);
  o.max_programs = 5;
  HuntResult good = hunt(*specs::find_target("boost/queue"), o);
  EXPECT_TRUE(good.violations.empty()) << good.violations.front().report;
}

// 1,000 programs of `clean` (200 executions each) find nothing; those of `broken`, the same
// queue run without what it needs, find the lost push.
void expect_per_producer_lanes(const char* clean, const char* broken) {
  HuntOptions o = programs(1000);
  o.search.executions_per_program = 200;
  HuntResult good = hunt(*specs::find_target(clean), o);
  EXPECT_EQ(good.programs, 1000u);
  EXPECT_TRUE(good.violations.empty()) << good.violations.front().report;
  HuntResult bad = hunt(*specs::find_target(broken), o);
  ASSERT_EQ(bad.violations.size(), 1u);
  EXPECT_EQ(bad.violations[0].kind, lineup::hunt::ViolationKind::kNotLinearizable)
      << bad.violations[0].report;
}

// Per-producer lanes found through a static thread_local (tests/lineup/fixtures): clean with
// a copy per logical thread, a lost push with the OS thread's copy shared by all.
TEST(Hunt, PerProducerLanesInThreadLocalsAreCleanOnlyWithCopiesPerThread) {
  expect_per_producer_lanes("test/per-producer-queue", "test/per-producer-queue-shared-tls");
}

// The same lanes found through the address of a static thread_local: clean when each logical
// thread has a thread pointer of its own; with copies of the values only, every logical thread
// sees one address, shares one lane and loses a push.
TEST(Hunt, PerProducerLanesFoundByAddressAreCleanOnlyWithAThreadPointerPerThread) {
  expect_per_producer_lanes("test/per-producer-queue-by-address",
                            "test/per-producer-queue-by-address-one-pointer");
}

// How many pushes (op 0 of the queue model) of `v`'s program returned 0: were refused.
int refused_pushes(const Violation& v) {
  int refused = 0;
  for (size_t t = 0; t < v.program.threads.size(); ++t) {
    for (size_t i = 0; i < v.program.threads[t].size(); ++i) {
      const size_t at = v.program.flat(static_cast<int>(t), static_cast<int>(i));
      refused += v.program.threads[t][i].op == 0 && v.results[at] == 0;
    }
  }
  return refused;
}

// A queue whose producers' sub-queues are keyed by a static thread_local's address, declared
// with no option (tests/lineup/fixtures/producer_keyed_queue.cpp): the engine sees a key reach
// shared memory in the first program, switches to a thread pointer per logical thread once,
// and 1,000 programs are clean. With the switch turned off every logical thread has one key,
// all producers share one sub-queue, and a push beyond its capacity is refused. Keys in a
// table of atomics (stored by compare-exchange) and in a std::map (plain writes and reads):
// with plain accesses as steps (the default) and with scheduling points at atomics only.
void expect_keyed_producers(const char* clean, const char* broken, bool atomics_only) {
  HuntOptions o = programs(1000);
  o.search.executions_per_program = 200;
  o.replay.atomics_only = atomics_only;
  HuntResult good = hunt(*specs::find_target(clean), o);
  EXPECT_EQ(good.programs, 1000u);
  EXPECT_EQ(good.thread_pointer_switches, 1u);
  EXPECT_TRUE(good.violations.empty()) << good.violations.front().report;
  HuntResult bad = hunt(*specs::find_target(broken), o);
  EXPECT_EQ(bad.thread_pointer_switches, 0u);
  ASSERT_EQ(bad.violations.size(), 1u);
  const Violation& v = bad.violations[0];
  EXPECT_EQ(v.kind, lineup::hunt::ViolationKind::kNotLinearizable) << v.report;
  EXPECT_FALSE(v.thread_pointer_per_thread);
  EXPECT_GE(refused_pushes(v), 1) << v.report;
}

TEST(Hunt, ProducersKeyedByAThreadLocalsAddressInAtomicsNeedNoDeclaration) {
  expect_keyed_producers("test/producer-keyed-queue", "test/producer-keyed-queue-no-switch", false);
  expect_keyed_producers("test/producer-keyed-queue", "test/producer-keyed-queue-no-switch", true);
}

TEST(Hunt, ProducersKeyedByAThreadLocalsAddressInAMapNeedNoDeclaration) {
  expect_keyed_producers("test/producer-keyed-map-queue", "test/producer-keyed-map-queue-no-switch",
                         false);
  expect_keyed_producers("test/producer-keyed-map-queue", "test/producer-keyed-map-queue-no-switch",
                         true);
}

// A bug that shows only with a key per producer (tests/lineup/fixtures/producer_keyed_queue.cpp:
// pops take the newest sub-queue's head) is found after the switch; the violation says it was
// found with a thread pointer per logical thread, and its schedule replays to the same
// violation on a fresh engine in that mode.
TEST(Hunt, ABugFoundAfterTheSwitchRecordsTheModeItNeeds) {
  HuntOptions o = programs(200);
  o.search.executions_per_program = 200;
  const specs::Target& target = *specs::find_target("test/producer-keyed-queue-newest-first");
  HuntResult r = hunt(target, o);
  EXPECT_EQ(r.thread_pointer_switches, 1u);
  ASSERT_EQ(r.violations.size(), 1u);
  const Violation& v = r.violations[0];
  EXPECT_EQ(v.kind, lineup::hunt::ViolationKind::kNotLinearizable);
  EXPECT_TRUE(v.thread_pointer_per_thread);
  HuntOptions replay = o;
  replay.replay.thread_pointer_per_thread = v.thread_pointer_per_thread;
  auto engine = make_engine(target, replay, static_cast<int>(v.program.threads.size()));
  std::optional<Violation> again = replay_schedule(*engine, target, v.program, v.schedule, replay);
  ASSERT_TRUE(again.has_value());
  EXPECT_EQ(again->kind, v.kind);
  EXPECT_EQ(again->results, v.results);
}

// Where no thread-local's address reaches shared memory the engine keeps one thread pointer.
TEST(Hunt, NoSwitchWhereNoThreadLocalsAddressEscapes) {
  HuntOptions o = programs(20);
  o.replay.atomics_only = false;
  for (const char* name : {"boost/queue", "test/per-producer-queue"}) {
    HuntResult r = hunt(*specs::find_target(name), o);
    EXPECT_TRUE(r.violations.empty()) << name;
    EXPECT_EQ(r.thread_pointer_switches, 0u) << name;
  }
}

// The check's time is measured inside the hunt's: some, and less than all of it.
TEST(Hunt, TheCheckTakesPartOfTheHuntsTime) {
  HuntResult r = hunt(*specs::find_target("boost/queue"), programs(5));
  ASSERT_TRUE(r.violations.empty());
  EXPECT_GT(r.checker_seconds, 0.0);
  EXPECT_LT(r.checker_seconds, r.seconds);
}

TEST(Hunt, NondeterminismInPhaseOneIsReported) {
  HuntOptions o = programs(5);
  o.replay.model_spec = false;
  HuntResult r = hunt(*specs::find_target("test/nondeterministic-queue"), o);
  ASSERT_EQ(r.violations.size(), 1u);
  EXPECT_EQ(r.violations[0].kind, lineup::hunt::ViolationKind::kNondeterministicSerially);
}

TEST(Hunt, InitPrefixesAreGeneratedAndChecked) {
  HuntOptions o = programs(20);
  o.init = 2;
  int with_init = 0;
  for (uint64_t i = 0; i < 20; ++i) {
    specs::TestProgram p = generator::sample(
        generator::test_programs(*specs::find_target("boost/queue"), o.shape()), o.seed, i);
    EXPECT_LE(p.init.size(), 2u);
    with_init += !p.init.empty();
  }
  EXPECT_GT(with_init, 0);
  HuntResult r = hunt(*specs::find_target("boost/queue"), o);
  EXPECT_TRUE(r.violations.empty()) << r.violations.front().report;
  // The seeded bug is still found when programs start from a non-empty queue.
  EXPECT_EQ(
      hunt(*specs::find_target("seeded/publish-before-write"), programs(50)).violations.size(), 1u);
}

TEST(Hunt, ReportsExplainTheClosestLegalOrder) {
  HuntResult r = hunt(*specs::find_target("seeded/publish-before-write"), programs(50));
  ASSERT_EQ(r.violations.size(), 1u);
  const std::string& report = r.violations[0].report;
  EXPECT_NE(report.find("closest legal order: "), std::string::npos) << report;
  EXPECT_NE(report.find("would return "), std::string::npos) << report;
  EXPECT_NE(report.find("schedule s1:"), std::string::npos) << report;
}

TEST(Hunt, TwoIndependentBugsAreBothReportedOnce) {
  HuntOptions o = programs(200);
  o.max_violations = 0;  // the whole budget (here: 200 programs)
  HuntResult r = hunt(*specs::find_target("seeded/two-bugs-stack"), o);
  ASSERT_EQ(r.violations.size(), 2u);
  std::set<std::vector<std::string>> signatures;
  for (const Violation& v : r.violations) signatures.insert(v.signature);
  EXPECT_EQ(signatures, (std::set<std::vector<std::string>>{{"push"}, {"pop"}}));
}

TEST(Hunt, SealingTheBuggyFunctionHidesItsBug) {
  HuntOptions o = programs(50);
  o.sealed = {"push"};
  HuntResult r = hunt(*specs::find_target("seeded/publish-before-write"), o);
  EXPECT_TRUE(r.violations.empty()) << r.violations.front().report;
}

TEST(Hunt, BrokenAdaptersAreReportedClearly) {
  struct Case {
    const char* name;
    ViolationKind kind;
    const char* says;
  };
  for (const Case& c :
       {Case{"test/throwing-constructor", ViolationKind::kUncaughtException,
             "setup (creating or destroying the structure) threw: cannot "
             "allocate the ring"},
        Case{"test/throwing-pop", ViolationKind::kUncaughtException, "pop is not implemented"},
        Case{"test/crashing-pop", ViolationKind::kCrash,
             "Segmentation fault accessing 0x0 in T0 at broken_adapters.cpp:"},
        Case{"test/hanging-pop", ViolationKind::kDeadlock, "broken_adapters.cpp:"}}) {
    HuntResult r = hunt(*specs::find_target(c.name), programs(3));
    ASSERT_EQ(r.violations.size(), 1u) << c.name;
    EXPECT_EQ(r.violations[0].kind, c.kind) << c.name;
    EXPECT_NE(r.violations[0].report.find(c.says), std::string::npos) << r.violations[0].report;
  }
  // The engine is fine afterwards: the next hunt in this process runs normally.
  EXPECT_TRUE(hunt(*specs::find_target("boost/queue"), programs(2)).violations.empty());
}

TEST(Hunt, BoostQueueAndStackAreLinearizable) {
  for (const char* name : {"boost/queue", "boost/stack"}) {
    HuntResult r = hunt(*specs::find_target(name), programs(5));
    EXPECT_TRUE(r.violations.empty()) << name << ": " << r.violations.front().report;
    EXPECT_EQ(r.programs, 5u);
    EXPECT_GT(r.executions, 5u);
  }
}

// The default portfolio's CB-DPOR part runs as CB-DPOR alone, with the same cap per program:
// it completes the same bounds and hits the cap in the same programs, and the sampler's
// executions come on top.
TEST(Hunt, ThePortfolioCompletesWhatCbDporCompletesAlone) {
  const specs::Target* t = specs::find_target("boost/queue");
  HuntOptions o = programs(6);
  o.search.executions_per_program = 20000;
  o.search.strategy = engine::StrategyKind::kCbDpor;
  HuntResult alone = hunt(*t, o);
  o.search.strategy = engine::StrategyKind::kPortfolio;
  HuntResult both = hunt(*t, o);
  EXPECT_EQ(both.programs, 6u);
  EXPECT_EQ(both.bound_completed, alone.bound_completed);
  EXPECT_EQ(both.programs_capped, alone.programs_capped);
  EXPECT_EQ(alone.bound_completed, 2);
  EXPECT_GT(both.executions, alone.executions);
}

TEST(Hunt, SameSeedSameFirstViolation) {
  const specs::Target* t = specs::find_target("seeded/publish-before-write");
  HuntResult a = hunt(*t, programs(50)), b = hunt(*t, programs(50));
  ASSERT_FALSE(a.violations.empty());
  ASSERT_FALSE(b.violations.empty());
  EXPECT_EQ(a.violations[0].program_index, b.violations[0].program_index);
  EXPECT_EQ(a.violations[0].schedule, b.violations[0].schedule);
}

// --bias-classes draws every other program by mutating one of the best so far: a mutant has
// its parent's threads and calls, only operations its thread's role allows, and differs from
// the parent in most draws.
TEST(Hunt, MutatedProgramsKeepTheShapeAndTheRoles) {
  const specs::Target& t = *specs::find_target("seeded/msqueue-tag-reset-roles");
  ASSERT_EQ(t.roles.size(), 3u);
  HuntOptions o;
  auto gen = generator::test_programs(t, o.shape());
  int changed = 0;
  for (uint64_t i = 0; i < 100; ++i) {
    specs::TestProgram parent = generator::sample(gen, o.seed, i);
    specs::TestProgram child = generator::mutate(t, parent, o.seed, i);
    ASSERT_EQ(child.threads.size(), parent.threads.size());
    for (size_t th = 0; th < child.threads.size(); ++th) {
      ASSERT_EQ(child.threads[th].size(), parent.threads[th].size());
      for (const specs::Operation& op : child.threads[th]) {
        const std::vector<int>& role = t.roles[th];
        EXPECT_NE(std::find(role.begin(), role.end(), op.op), role.end()) << th;
      }
    }
    changed += !(child == parent);
  }
  EXPECT_GE(changed, 95);
}

// A biased hunt is as reproducible as the plain one, explores other programs, and still
// finds a seeded bug.
TEST(Hunt, BiasedHuntsAreReproducibleAndFindBugs) {
  const specs::Target& q = *specs::find_target("boost/queue");
  HuntOptions o = programs(6);
  HuntResult plain = hunt(q, o);
  o.bias_classes = true;
  HuntResult a = hunt(q, o), b = hunt(q, o);
  EXPECT_TRUE(a.violations.empty());
  EXPECT_EQ(a.executions, b.executions);
  EXPECT_EQ(a.distinct_classes, b.distinct_classes);
  EXPECT_NE(a.executions, plain.executions);
  EXPECT_EQ(hunt(*specs::find_target("seeded/msqueue-tag-reset"), o).violations.size(), 1u);
}

// Every execution of each program with at most one preemption (ICB): a program's count is the
// number of distinct happens-before fingerprints among them, found here with a std::set over
// the engine's own runs; the hunt's is their sum.
TEST(Hunt, CountsEachProgramsDistinctClassesOnce) {
  const specs::Target& q = *specs::find_target("boost/queue");
  HuntOptions o = programs(3);
  o.threads = 2;
  o.calls = 2;
  o.search.strategy = engine::StrategyKind::kIcb;
  o.search.bound = 1;
  o.search.executions_per_program = 100000;  // more than any of these programs has
  HuntResult r = hunt(q, o);
  ASSERT_EQ(r.per_program.size(), 3u);
  auto engine = make_engine(q, o, 2);
  rc::Gen<specs::TestProgram> gen = generator::test_programs(q, o.shape());
  uint64_t total = 0;
  for (const ProgramCounts& counted : r.per_program) {
    const specs::TestProgram program = generator::sample(gen, o.seed, counted.index);
    std::vector<int> results(program.results_size(), 0);
    const engine::Program p = q.instantiate(program, &results);
    engine::IcbStrategy every(1);
    std::set<uint64_t> classes;
    uint64_t executions = engine->explore(p, every, [&](const engine::ExecutionResult& e) {
      engine::HappensBefore hb;
      hb.reset(2, engine::HappensBefore::Kept::kClocksAndClass);
      for (const engine::Transition& t : e.trace.steps) hb.add(t);
      classes.insert(hb.fingerprint());
      return true;
    });
    EXPECT_EQ(counted.executions, executions);
    EXPECT_LT(classes.size(), executions);  // some executions share a class
    EXPECT_EQ(counted.classes, classes.size()) << "program " << counted.index;
    total += classes.size();
  }
  EXPECT_EQ(r.distinct_classes, total);
}

}  // namespace
}  // namespace lineup::hunt
