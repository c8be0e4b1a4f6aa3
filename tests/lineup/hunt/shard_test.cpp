// --shard values: I/N, and auto from Slurm job arrays, Kubernetes Indexed Jobs and
// GoogleTest's sharding variables.
#include "lineup/hunt/shard.h"

#include <gtest/gtest.h>

#include <map>

namespace lineup::hunt {
namespace {

struct FakeEnv {
  std::map<std::string, std::string> vars;
  Environment env() const {
    return [this](const char* name) -> const char* {
      auto it = vars.find(name);
      return it == vars.end() ? nullptr : it->second.c_str();
    };
  }
};

TEST(Shard, ExplicitIndexAndCount) {
  FakeEnv e;
  std::string error;
  auto s = parse_shard("3/8", e.env(), &error);
  ASSERT_TRUE(s) << error;
  EXPECT_EQ(s->index, 3u);
  EXPECT_EQ(s->count, 8u);
  EXPECT_EQ(s->source, "--shard");
}

TEST(Shard, MalformedOrOutOfRangeIsAnError) {
  FakeEnv e;
  std::string error;
  for (const char* bad : {"3/2", "2/2", "0/0", "1", "a/2", "1/b", "1/2x", "-1/2", "auto/x", ""}) {
    EXPECT_FALSE(parse_shard(bad, e.env(), &error)) << bad;
    EXPECT_FALSE(error.empty()) << bad;
  }
  parse_shard("3/2", e.env(), &error);
  EXPECT_EQ(error, "index 3 is not below the count 2");
}

TEST(Shard, AutoWithoutSchedulerVariablesSaysWhichAreRead) {
  FakeEnv e;
  std::string error;
  EXPECT_FALSE(parse_shard("auto", e.env(), &error));
  EXPECT_EQ(error,
            "auto: no scheduler's shard variables are set (SLURM_ARRAY_TASK_ID, "
            "JOB_COMPLETION_INDEX or GTEST_SHARD_INDEX)");
}

TEST(Shard, SlurmArrayWithCount) {
  FakeEnv e{{{"SLURM_ARRAY_TASK_ID", "5"},
             {"SLURM_ARRAY_TASK_MIN", "1"},
             {"SLURM_ARRAY_TASK_MAX", "8"},
             {"SLURM_ARRAY_TASK_COUNT", "8"}}};
  std::string error;
  auto s = parse_shard("auto", e.env(), &error);
  ASSERT_TRUE(s) << error;
  EXPECT_EQ(s->index, 4u);
  EXPECT_EQ(s->count, 8u);
  EXPECT_EQ(s->source, "SLURM_ARRAY_TASK_ID");
}

TEST(Shard, SlurmArrayCountFromMinAndMaxWithStep) {
  FakeEnv e{{{"SLURM_ARRAY_TASK_ID", "6"},
             {"SLURM_ARRAY_TASK_MIN", "0"},
             {"SLURM_ARRAY_TASK_MAX", "14"},
             {"SLURM_ARRAY_TASK_STEP", "2"}}};
  std::string error;
  auto s = parse_shard("auto", e.env(), &error);
  ASSERT_TRUE(s) << error;
  EXPECT_EQ(s->index, 3u);
  EXPECT_EQ(s->count, 8u);
}

TEST(Shard, SlurmArrayWithoutCountOrMaxIsAnError) {
  FakeEnv e{{{"SLURM_ARRAY_TASK_ID", "2"}}};
  std::string error;
  EXPECT_FALSE(parse_shard("auto", e.env(), &error));
  EXPECT_NE(error.find("SLURM_ARRAY_TASK_COUNT"), std::string::npos) << error;
}

TEST(Shard, SlurmCountDisagreeingWithAutoNIsAnError) {
  FakeEnv e{{{"SLURM_ARRAY_TASK_ID", "2"}, {"SLURM_ARRAY_TASK_COUNT", "4"}}};
  std::string error;
  EXPECT_TRUE(parse_shard("auto/4", e.env(), &error)) << error;
  EXPECT_FALSE(parse_shard("auto/5", e.env(), &error));
  EXPECT_EQ(error, "SLURM_ARRAY_TASK_ID gives 4 shards, --shard says 5");
}

TEST(Shard, KubernetesIndexWithCountFromFlagOrVariable) {
  FakeEnv e{{{"JOB_COMPLETION_INDEX", "7"}}};
  std::string error;
  EXPECT_FALSE(parse_shard("auto", e.env(), &error));
  EXPECT_NE(error.find("LINEUP_SHARD_COUNT"), std::string::npos) << error;
  auto s = parse_shard("auto/10", e.env(), &error);
  ASSERT_TRUE(s) << error;
  EXPECT_EQ(s->index, 7u);
  EXPECT_EQ(s->count, 10u);
  EXPECT_EQ(s->source, "JOB_COMPLETION_INDEX");
  e.vars["LINEUP_SHARD_COUNT"] = "8";
  s = parse_shard("auto", e.env(), &error);
  ASSERT_TRUE(s) << error;
  EXPECT_EQ(s->count, 8u);
  e.vars["JOB_COMPLETION_INDEX"] = "8";
  EXPECT_FALSE(parse_shard("auto", e.env(), &error));
  EXPECT_EQ(error, "JOB_COMPLETION_INDEX: index 8 is not below the count 8");
}

TEST(Shard, GoogleTestVariables) {
  FakeEnv e{{{"GTEST_SHARD_INDEX", "1"}, {"GTEST_TOTAL_SHARDS", "3"}}};
  std::string error;
  auto s = parse_shard("auto", e.env(), &error);
  ASSERT_TRUE(s) << error;
  EXPECT_EQ(s->index, 1u);
  EXPECT_EQ(s->count, 3u);
  EXPECT_EQ(s->source, "GTEST_SHARD_INDEX");
  e.vars.erase("GTEST_TOTAL_SHARDS");
  EXPECT_FALSE(parse_shard("auto", e.env(), &error));
}

TEST(Shard, SlurmComesBeforeKubernetesAndGoogleTest) {
  FakeEnv e{{{"SLURM_ARRAY_TASK_ID", "0"},
             {"SLURM_ARRAY_TASK_COUNT", "2"},
             {"JOB_COMPLETION_INDEX", "1"},
             {"GTEST_SHARD_INDEX", "1"},
             {"GTEST_TOTAL_SHARDS", "2"}}};
  std::string error;
  auto s = parse_shard("auto", e.env(), &error);
  ASSERT_TRUE(s) << error;
  EXPECT_EQ(s->source, "SLURM_ARRAY_TASK_ID");
  EXPECT_EQ(s->index, 0u);
}

TEST(Shard, NonNumericVariableIsAnError) {
  FakeEnv e{{{"GTEST_SHARD_INDEX", "one"}, {"GTEST_TOTAL_SHARDS", "2"}}};
  std::string error;
  EXPECT_FALSE(parse_shard("auto", e.env(), &error));
  EXPECT_EQ(error, "GTEST_SHARD_INDEX='one' is not a number");
}

}  // namespace
}  // namespace lineup::hunt
