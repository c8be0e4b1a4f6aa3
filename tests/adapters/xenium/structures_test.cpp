// xenium's structures, whose reclaimers keep per-thread records in thread_local variables and
// global thread lists in static data: each hunts a fixed number of programs without a
// violation, divergence or crash; the Michael-Scott queue under hazard pointers and under
// epoch-based reclamation for 1,000 programs each.
#include <gtest/gtest.h>

#include "lineup/hunt/hunt.h"
#include "specs/structure.h"

namespace lineup {
namespace {

std::vector<std::string> names() {
  std::vector<std::string> out;
  for (const specs::Target& t : specs::registered_targets()) {
    if (t.name.starts_with("xenium/")) out.push_back(t.name);
  }
  return out;
}

hunt::HuntResult hunt_programs(const std::string& name, uint64_t programs, uint64_t executions) {
  hunt::HuntOptions o;
  o.budget_seconds = 1e9;
  o.max_programs = programs;
  o.replay.atomics_only = true;
  o.search.executions_per_program = executions;
  return hunt::hunt(*specs::find_target(name), o);
}

class Xenium : public ::testing::TestWithParam<std::string> {};

TEST_P(Xenium, HuntsCleanly) {
  hunt::HuntResult r = hunt_programs(GetParam(), 4, 2000);
  EXPECT_EQ(r.programs, 4u);
  EXPECT_TRUE(r.violations.empty()) << r.violations.front().report;
}

INSTANTIATE_TEST_SUITE_P(All, Xenium, ::testing::ValuesIn(names()), [](const auto& info) {
  std::string n = info.param.substr(info.param.find('/') + 1);
  for (char& c : n) c = std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
  return n;
});

TEST(XeniumMichaelScottQueue, HazardPointersThousandProgramsClean) {
  hunt::HuntResult r = hunt_programs("xenium/michael_scott_queue-hp", 1000, 100);
  EXPECT_EQ(r.programs, 1000u);
  EXPECT_TRUE(r.violations.empty()) << r.violations.front().report;
}

TEST(XeniumMichaelScottQueue, EpochBasedThousandProgramsClean) {
  hunt::HuntResult r = hunt_programs("xenium/michael_scott_queue-ebr", 1000, 100);
  EXPECT_EQ(r.programs, 1000u);
  EXPECT_TRUE(r.violations.empty()) << r.violations.front().report;
}

}  // namespace
}  // namespace lineup
