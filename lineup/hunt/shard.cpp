#include "lineup/hunt/shard.h"

#include <cctype>

namespace lineup::hunt {
namespace {

// A decimal number without sign or trailing characters.
std::optional<uint64_t> number(const std::string& text) {
  if (text.empty() || text.size() > 18) return std::nullopt;
  uint64_t n = 0;
  for (char c : text) {
    if (!std::isdigit(static_cast<unsigned char>(c))) return std::nullopt;
    n = n * 10 + static_cast<uint64_t>(c - '0');
  }
  return n;
}

// Variable `name` as a number; nullopt when unset; sets `error` when set but not a number.
std::optional<uint64_t> variable(const Environment& env, const char* name, std::string* error) {
  const char* value = env(name);
  if (value == nullptr) return std::nullopt;
  auto n = number(value);
  if (!n && error->empty()) *error = std::string(name) + "='" + value + "' is not a number";
  return n;
}

std::optional<Shard> from_slurm(const Environment& env, std::string* error) {
  auto id = variable(env, "SLURM_ARRAY_TASK_ID", error);
  if (!id) return std::nullopt;
  uint64_t min = variable(env, "SLURM_ARRAY_TASK_MIN", error).value_or(0);
  uint64_t step = variable(env, "SLURM_ARRAY_TASK_STEP", error).value_or(1);
  auto count = variable(env, "SLURM_ARRAY_TASK_COUNT", error);
  auto max = variable(env, "SLURM_ARRAY_TASK_MAX", error);
  if (!error->empty()) return std::nullopt;
  if (step == 0 || *id < min || (*id - min) % step != 0) {
    *error = "SLURM_ARRAY_TASK_ID " + std::to_string(*id) + " is not MIN + k * STEP";
    return std::nullopt;
  }
  if (!count && max && *max >= min) count = (*max - min) / step + 1;
  if (!count) {
    *error =
        "SLURM_ARRAY_TASK_ID is set but neither SLURM_ARRAY_TASK_COUNT nor "
        "SLURM_ARRAY_TASK_MAX";
    return std::nullopt;
  }
  return Shard{(*id - min) / step, *count, "SLURM_ARRAY_TASK_ID"};
}

std::optional<Shard> from_kubernetes(const Environment& env, std::optional<uint64_t> given,
                                     std::string* error) {
  auto index = variable(env, "JOB_COMPLETION_INDEX", error);
  if (!index) return std::nullopt;
  auto count = variable(env, "LINEUP_SHARD_COUNT", error);
  if (!error->empty()) return std::nullopt;
  if (!count) count = given;
  if (!count) {
    *error =
        "JOB_COMPLETION_INDEX is set but not the count: give --shard auto/N or set "
        "LINEUP_SHARD_COUNT (the Job's completions)";
    return std::nullopt;
  }
  return Shard{*index, *count, "JOB_COMPLETION_INDEX"};
}

std::optional<Shard> from_gtest(const Environment& env, std::string* error) {
  auto index = variable(env, "GTEST_SHARD_INDEX", error);
  auto total = variable(env, "GTEST_TOTAL_SHARDS", error);
  if (!error->empty() || (!index && !total)) return std::nullopt;
  if (!index || !total) {
    *error = "GTEST_SHARD_INDEX and GTEST_TOTAL_SHARDS must be set together";
    return std::nullopt;
  }
  return Shard{*index, *total, "GTEST_SHARD_INDEX"};
}

bool valid(const Shard& s, std::string* error) {
  if (s.count == 0 || s.index >= s.count) {
    *error = (s.source == "--shard" ? "" : s.source + ": ") + "index " + std::to_string(s.index) +
             " is not below the count " + std::to_string(s.count);
    return false;
  }
  return true;
}

}  // namespace

std::optional<Shard> parse_shard(const std::string& spec, const Environment& env,
                                 std::string* error) {
  error->clear();
  size_t slash = spec.find('/');
  std::string head = spec.substr(0, slash);
  std::optional<uint64_t> count;
  if (slash != std::string::npos) {
    count = number(spec.substr(slash + 1));
    if (!count) {
      *error = "expected I/N, auto or auto/N";
      return std::nullopt;
    }
  }
  if (head != "auto") {
    auto index = number(head);
    if (!index || !count) {
      *error = "expected I/N, auto or auto/N";
      return std::nullopt;
    }
    Shard s{*index, *count, "--shard"};
    if (!valid(s, error)) return std::nullopt;
    return s;
  }
  std::optional<Shard> s = from_slurm(env, error);
  if (!s && error->empty()) s = from_kubernetes(env, count, error);
  if (!s && error->empty()) s = from_gtest(env, error);
  if (!s) {
    if (error->empty()) {
      *error =
          "auto: no scheduler's shard variables are set (SLURM_ARRAY_TASK_ID, "
          "JOB_COMPLETION_INDEX or GTEST_SHARD_INDEX)";
    }
    return std::nullopt;
  }
  if (count && *count != s->count) {
    *error = s->source + " gives " + std::to_string(s->count) + " shards, --shard says " +
             std::to_string(*count);
    return std::nullopt;
  }
  if (!valid(*s, error)) return std::nullopt;
  return s;
}

}  // namespace lineup::hunt
