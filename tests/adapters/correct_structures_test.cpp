// Every registered Boost and reference structure (boost/, ref/) hunts a fixed number of programs
// (default strategy and bound) without a violation.
#include <gtest/gtest.h>

#include "lineup/hunt/hunt.h"
#include "specs/structure.h"

namespace lineup {
namespace {

std::vector<std::string> names() {
  std::vector<std::string> out;
  for (const specs::Target& t : specs::registered_targets()) {
    if (t.name.starts_with("boost/") || t.name.starts_with("ref/")) out.push_back(t.name);
  }
  return out;
}

class Correct : public ::testing::TestWithParam<std::string> {};

TEST_P(Correct, HuntsCleanly) {
  hunt::HuntOptions o;
  o.budget_seconds = 1e9;
  o.max_programs = 4;
  o.replay.atomics_only = true;
  o.search.executions_per_program = 3000;
  hunt::HuntResult r = hunt::hunt(*specs::find_target(GetParam()), o);
  EXPECT_EQ(r.programs, 4u);
  EXPECT_TRUE(r.violations.empty()) << r.violations.front().report;
}

INSTANTIATE_TEST_SUITE_P(All, Correct, ::testing::ValuesIn(names()), [](const auto& info) {
  std::string n = info.param;
  for (char& c : n) c = std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
  return n;
});

}  // namespace
}  // namespace lineup
