// Tuple results in a violation report: the hunt's search of a stack whose pop returns
// (value, values left), declared against a lambda model whose pop returns tuples, reports
// each call's result and the closest legal order's as "(1, 1)".
#include <gtest/gtest.h>

#include "lineup/hunt/search.h"
#include "specs/registry.h"
#include "specs/structure.h"

namespace lineup {
namespace {

TEST(TupleReport, ResultsPrintAsTuples) {
  const specs::Target* target = specs::find_target("specs-test/counted-stack");
  ASSERT_NE(target, nullptr);
  // T0: push(1) push(2) | T1: pop(), whose count read late sees the second push.
  specs::TestProgram program;
  program.threads = {{{0, 1}, {0, 2}}, {{1, 0}}};
  hunt::HuntOptions options;
  options.search.strategy = engine::StrategyKind::kCbDpor;
  options.search.bound = 2;  // T1 stopped after its unlock, T0 stopped after push(1)
  auto engine = hunt::make_engine(*target, options, 2);
  hunt::ProgramSearcher searcher(*engine, *target);
  const hunt::ProgramSearch search = searcher.search(program, 0, options);
  ASSERT_TRUE(search.violation.has_value());
  const std::string& report = search.violation->report;
  EXPECT_NE(report.find("  T0: push(1) -> 1 push(2) -> 1\n  T1: pop() -> (1, 1)\n"),
            std::string::npos)
      << report;
  EXPECT_NE(report.find("T1[0].pop() would return (2, 1), but returned (1, 1)\n"),
            std::string::npos)
      << report;
}

// A field out of its range in an operation ends the execution, and the report says which
// field, its value and its range.
TEST(TupleReport, AnOutOfRangeFieldEndsTheExecutionWithItsRange) {
  const specs::Target* target = specs::find_target("specs-test/oversized-tuple");
  ASSERT_NE(target, nullptr);
  specs::TestProgram program;
  program.threads = {{{0, 1}}, {{0, 20000}}};
  hunt::HuntOptions options;
  auto engine = hunt::make_engine(*target, options, 2);
  hunt::ProgramSearcher searcher(*engine, *target);
  const hunt::ProgramSearch search = searcher.search(program, 0, options);
  ASSERT_TRUE(search.violation.has_value());
  EXPECT_EQ(search.violation->kind, hunt::ViolationKind::kUncaughtException);
  const std::string& report = search.violation->report;
  EXPECT_NE(report.find("lineup::specs::tuple_result: field 1 of a pair is 20000, outside "
                        "[-16384, 16383]"),
            std::string::npos)
      << report;
}

}  // namespace
}  // namespace lineup
