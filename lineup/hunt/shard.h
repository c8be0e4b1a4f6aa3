// Which share of a hunt's programs this process takes (--shard): given as I/N, or read from
// the job scheduler that started it (--shard auto): a Slurm job array, a Kubernetes Indexed
// Job, or GoogleTest's sharding variables.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

namespace lineup::hunt {

/// Shard `index` of `count` hunts programs index, index + count, index + 2 count, ...
struct Shard {
  uint64_t index = 0, count = 1;
  std::string source;  // where index and count came from ("--shard" or the variables' names)
};

/// Reads an environment variable (null when unset); std::getenv in the CLI.
using Environment = std::function<const char*(const char*)>;

/// Parses a --shard value: "I/N" (0 <= I < N); "auto" or "auto/N", which take the index
/// (and the count, where the scheduler gives one) from the first of
///   Slurm job arrays: SLURM_ARRAY_TASK_ID, counted from SLURM_ARRAY_TASK_MIN (default 0) in
///     steps of SLURM_ARRAY_TASK_STEP (default 1); count SLURM_ARRAY_TASK_COUNT, or from MIN
///     and SLURM_ARRAY_TASK_MAX when COUNT is absent;
///   Kubernetes Indexed Jobs: JOB_COMPLETION_INDEX; count from "auto/N" or LINEUP_SHARD_COUNT
///     (the Job's completions);
///   GoogleTest: GTEST_SHARD_INDEX and GTEST_TOTAL_SHARDS.
/// With "auto/N", N must agree with a count the scheduler gives. Returns nullopt and sets
/// `error` (without the value itself) on a malformed value, when no scheduler variable is set,
/// or when they are inconsistent.
std::optional<Shard> parse_shard(const std::string& spec, const Environment& env,
                                 std::string* error);

}  // namespace lineup::hunt
