// Joining shards' `hunt --json` summaries.
#include "lineup/corpus/merge_results.h"

#include <gtest/gtest.h>

namespace lineup::corpus {
namespace {

using nlohmann::json;

json shard(uint64_t programs, uint64_t executions, int bound, json violations) {
  return {{"structure", "seeded/two-bugs-stack"},
          {"strategy", "cbdpor"},
          {"bound", 2},
          {"depth", 3},
          {"check", "dependency"},
          {"seed", 1},
          {"threads", 3},
          {"calls", 3},
          {"init", 0},
          {"jobs", 1},
          {"programs", programs},
          {"executions", executions},
          {"distinct_classes", executions / 2},
          {"seconds", 1.5 * static_cast<double>(programs)},
          {"setup_seconds", 0.25},
          {"checker_seconds", 0.5},
          {"bound_completed", bound},
          {"violations", violations}};
}

json violation(uint64_t program, const std::string& kind, json signature) {
  return {{"program_index", program}, {"kind", kind}, {"signature", signature}};
}

TEST(MergeResults, SumsCountsAndKeepsTheLowestBound) {
  json merged = merge_results({shard(10, 400, 2, json::array()), shard(11, 300, 1, json::array())});
  EXPECT_EQ(merged["shards"], 2);
  EXPECT_EQ(merged["programs"], 21);
  EXPECT_EQ(merged["executions"], 700);
  EXPECT_EQ(merged["distinct_classes"], 350);
  EXPECT_EQ(merged["jobs"], 2);
  EXPECT_EQ(merged["bound_completed"], 1);
  EXPECT_DOUBLE_EQ(merged["seconds"].get<double>(), 16.5);
  EXPECT_DOUBLE_EQ(merged["shard_seconds"].get<double>(), 31.5);
  EXPECT_DOUBLE_EQ(merged["setup_seconds"].get<double>(), 0.5);
  EXPECT_DOUBLE_EQ(merged["checker_seconds"].get<double>(), 1.0);
  EXPECT_EQ(merged["structure"], "seeded/two-bugs-stack");
  EXPECT_EQ(merged["seed"], 1);
  EXPECT_TRUE(merged["violations"].empty());
}

TEST(MergeResults, CoverageCountersAreSummedAndTheWholeHuntsCoverageComputed) {
  json a = shard(10, 400, 2, json::array());
  json b = shard(11, 300, 2, json::array());
  a["spin_blocks"] = 3;
  a["forced_timeouts"] = 1;
  a["executions_abandoned"] = 7;
  b["spin_blocks"] = 4;
  b["programs_capped"] = 0;
  json merged = merge_results({a, b});
  EXPECT_EQ(merged["spin_blocks"], 7);
  EXPECT_EQ(merged["forced_timeouts"], 1);
  EXPECT_EQ(merged["executions_abandoned"], 7);
  EXPECT_EQ(merged["programs_capped"], 0);
  EXPECT_EQ(merged["late_stack_publications"], 0);
  EXPECT_EQ(merged["bound_covered"], true);
  EXPECT_EQ(merged["coverage_gap"], "");

  // One shard reached a stack through a pointer no hook saw: the whole hunt's coverage of
  // its bound is not assured, though every shard completed it.
  b["late_stack_publications"] = 2;
  merged = merge_results({a, b});
  EXPECT_EQ(merged["late_stack_publications"], 2);
  EXPECT_EQ(merged["bound_covered"], false);
  EXPECT_TRUE(merged["coverage_gap"].get<std::string>().starts_with(
      "the coverage of the bound is not assured: a thread reached another's stack"))
      << merged["coverage_gap"];

  // One shard's DPOR search may have missed classes: no claim either.
  b["late_stack_publications"] = 0;
  b["programs_missing_classes"] = 1;
  merged = merge_results({a, b});
  EXPECT_EQ(merged["programs_missing_classes"], 1);
  EXPECT_EQ(merged["bound_covered"], false);
  EXPECT_TRUE(merged["coverage_gap"].get<std::string>().starts_with(
      "the coverage of the bound is not assured: the search of 1 program may have missed"))
      << merged["coverage_gap"];

  // One shard capped a program: the bound was not completed.
  b["programs_missing_classes"] = 0;
  b["programs_capped"] = 1;
  merged = merge_results({a, b});
  EXPECT_EQ(merged["bound_covered"], false);
  EXPECT_EQ(merged["coverage_gap"], "bound 2 was not completed: 1 program hit --executions");
}

// c11 shards: the whole hunt's statement names the lowest bound and the stale bound.
TEST(MergeResults, C11ShardsStateTheWholeHuntsCoverage) {
  json a = shard(10, 400, 2, json::array());
  json b = shard(11, 300, 1, json::array());
  for (json* s : {&a, &b}) {
    (*s)["strategy"] = "portfolio";
    (*s)["memory_model"] = "c11";
    (*s)["stale_bound"] = 2;
  }
  json merged = merge_results({a, b});
  EXPECT_EQ(merged["c11_coverage"],
            "every execution with at most 1 preemption and at most 2 stale reads is covered");
  EXPECT_FALSE(merge_results({shard(1, 4, 2, json::array())}).contains("c11_coverage"));
}

TEST(MergeResults, InternalErrorsAreJoined) {
  json a = shard(1, 4, 2, json::array());
  json b = shard(1, 3, 2, json::array());
  a["internal_errors"] = {"a worker process died (signal 9)"};
  b["internal_errors"] = json::array();
  json merged = merge_results({a, b});
  EXPECT_EQ(merged["internal_errors"], json({"a worker process died (signal 9)"}));
}

TEST(MergeResults, NoBoundCompletedAnywhereStaysMinusOne) {
  json merged = merge_results({shard(1, 4, -1, json::array()), shard(1, 3, 2, json::array())});
  EXPECT_EQ(merged["bound_completed"], -1);
}

// Shards of a client's hunt: a shard whose programs all repeat one searched in another shard
// (it only sampled them) takes nothing from the bound the other claims; the client must be the
// same in every shard.
TEST(MergeResults, AShardOfOnlyRepeatedProgramsLeavesTheBoundToTheOthers) {
  json searched = shard(4, 400, 2, json::array());
  json sampled = shard(4, 4000, -1, json::array());
  for (json* s : {&searched, &sampled}) (*s)["client"] = "push() | pop()";
  searched["programs_repeated"] = 1;
  sampled["programs_repeated"] = 4;
  json merged = merge_results({searched, sampled});
  EXPECT_EQ(merged["bound_completed"], 2);
  EXPECT_EQ(merged["bound_covered"], true);
  EXPECT_EQ(merged["programs_repeated"], 5);
  EXPECT_EQ(merged["client"], "push() | pop()");
  merged = merge_results({sampled, sampled});
  EXPECT_EQ(merged["bound_completed"], -1);
  sampled["client"] = "push(1) | pop()";
  EXPECT_THROW(merge_results({searched, sampled}), std::invalid_argument);
}

TEST(MergeResults, ViolationsAreDeduplicatedKeepingTheEarliestProgram) {
  json a = shard(5, 50, 2,
                 {violation(4, "not linearizable", {"pop"}),
                  violation(8, "not linearizable", {"push", "pop"})});
  json b =
      shard(5, 50, 2, {violation(1, "not linearizable", {"pop"}), violation(3, "crash", {"pop"})});
  json merged = merge_results({a, b});
  ASSERT_EQ(merged["violations"].size(), 3u);
  EXPECT_EQ(merged["violations"][0], violation(1, "not linearizable", {"pop"}));
  EXPECT_EQ(merged["violations"][1], violation(3, "crash", {"pop"}));
  EXPECT_EQ(merged["violations"][2], violation(8, "not linearizable", {"push", "pop"}));
}

TEST(MergeResults, PerProgramListsAreJoinedByIndex) {
  json a = shard(2, 5, 2, json::array());
  json b = shard(2, 7, 2, json::array());
  a["per_program"] = {{0, 2, 1}, {2, 3, 2}};
  b["per_program"] = {{1, 4, 4}, {3, 3, 1}};
  json merged = merge_results({a, b});
  EXPECT_EQ(merged["per_program"], json({{0, 2, 1}, {1, 4, 4}, {2, 3, 2}, {3, 3, 1}}));
}

TEST(MergeResults, ShardsOfDifferentHuntsAreRefused) {
  json a = shard(1, 1, 2, json::array());
  json b = a;
  b["seed"] = 2;
  try {
    merge_results({a, b});
    FAIL() << "merged shards with different seeds";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "shard 2: field 'seed' differs from shard 1's: not shards of one hunt");
  }
}

TEST(MergeResults, MissingOrMistypedFieldsAreNamed) {
  json a = shard(1, 1, 2, json::array());
  json b = a;
  b.erase("executions");
  try {
    merge_results({a, b});
    FAIL() << "merged a shard without executions";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "shard 2: field 'executions' is missing");
  }
  b = a;
  b["programs"] = "many";
  EXPECT_THROW(merge_results({a, b}), std::invalid_argument);
  EXPECT_THROW(merge_results({}), std::invalid_argument);
}

}  // namespace
}  // namespace lineup::corpus
