// The memcpy ring (fixtures/memcpy_ring.cpp) in its four builds: copies of a size known only at
// run time or a constant, at -O0 and at -O2. Every build makes the same steps, copies included,
// so hunts of the same programs reach the same verdicts through the same classes; and every
// build shows the ring that publishes a slot before copying its payload in, a bug invisible
// unless memcpy is a step.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "lineup/hunt/hunt.h"
#include "specs/structure.h"

namespace lineup {
namespace {

const char* const kBuilds[] = {"runtime-O0", "runtime-O2", "constant-O0", "constant-O2"};

const specs::Target& target(const std::string& name) {
  const specs::Target* t = specs::find_target(name);
  if (t == nullptr) throw std::invalid_argument("not registered: " + name);
  return *t;
}

hunt::HuntOptions capped(uint64_t programs) {
  hunt::HuntOptions o;
  o.budget_seconds = 1e9;  // bounded by the number of programs, not by time
  o.max_programs = programs;
  return o;
}

// CB-DPOR alone, complete within its bound: the classes a program has are a property of its
// steps, not of how long a sampler ran.
hunt::HuntOptions systematic(uint64_t programs) {
  hunt::HuntOptions o = capped(programs);
  o.search.strategy = engine::StrategyKind::kCbDpor;
  o.search.bound = 2;
  return o;
}

TEST(MemcpyRing, EveryBuildHuntsTheSameProgramsCleanThroughTheSameClasses) {
  hunt::HuntResult first;
  for (const char* build : kBuilds) {
    hunt::HuntResult r = hunt::hunt(target(std::string("memcpy-ring/") + build), systematic(200));
    EXPECT_EQ(r.programs, 200u) << build;
    EXPECT_EQ(r.programs_capped, 0u) << build;
    EXPECT_TRUE(r.violations.empty()) << build << ": " << r.violations.front().report;
    ASSERT_EQ(r.per_program.size(), 200u) << build;
    if (build == kBuilds[0]) {
      first = r;
      continue;
    }
    EXPECT_EQ(r.executions, first.executions) << build;
    EXPECT_EQ(r.distinct_classes, first.distinct_classes) << build;
    for (size_t i = 0; i < r.per_program.size(); ++i) {
      EXPECT_EQ(r.per_program[i].executions, first.per_program[i].executions) << build << " " << i;
      EXPECT_EQ(r.per_program[i].classes, first.per_program[i].classes) << build << " " << i;
    }
  }
  // The copies are steps: the orders of a pop's copy and a push's copy into the same slot are
  // classes that scheduling only atomics and locks does not tell apart.
  hunt::HuntOptions atomics_only = systematic(200);
  atomics_only.replay.atomics_only = true;
  hunt::HuntResult coarse = hunt::hunt(target("memcpy-ring/constant-O2"), atomics_only);
  EXPECT_TRUE(coarse.violations.empty()) << coarse.violations.front().report;
  EXPECT_GT(first.distinct_classes, coarse.distinct_classes);
}

TEST(MemcpyRing, EveryBuildShowsTheLateCopyAsNotLinearizable) {
  hunt::Violation first;
  for (const char* build : kBuilds) {
    hunt::HuntResult r = hunt::hunt(target(std::string("memcpy-ring-racy/") + build), capped(200));
    ASSERT_EQ(r.violations.size(), 1u) << build << ": not found in " << r.programs << " programs";
    const hunt::Violation& v = r.violations[0];
    EXPECT_EQ(v.kind, hunt::ViolationKind::kNotLinearizable) << v.report;
    EXPECT_GE(v.preemptions, 1) << v.report;
    EXPECT_NE(v.report.find("memcpy_ring.cpp:"), std::string::npos) << v.report;
    if (build == kBuilds[0]) {
      first = v;
      continue;
    }
    EXPECT_EQ(v.program_index, first.program_index) << build;
    EXPECT_EQ(v.schedule, first.schedule) << build;
    EXPECT_EQ(v.results, first.results) << build;
  }
}

TEST(MemcpyRing, EveryBuildShowsTheLateCopyAsADataRaceInC11Mode) {
  for (const char* build : kBuilds) {
    hunt::HuntOptions o = capped(200);
    o.replay.memory_model = engine::MemoryModel::kC11;
    o.search.strategy = engine::StrategyKind::kDfs;
    o.search.bound = 1;
    o.search.stale_bound = 0;
    hunt::HuntResult r = hunt::hunt(target(std::string("memcpy-ring-racy/") + build), o);
    ASSERT_EQ(r.violations.size(), 1u) << build << ": not found in " << r.programs << " programs";
    EXPECT_EQ(r.violations[0].kind, hunt::ViolationKind::kDataRace) << r.violations[0].report;
  }
}

}  // namespace
}  // namespace lineup
