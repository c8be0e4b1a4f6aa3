// Sets of a program's calls as 64-bit masks: bit c for call c (calls are numbered
// thread-major, at most kMaxCalls of them).
#pragma once

#include <cstddef>
#include <cstdint>

namespace lineup::checker {

/// The most calls a checked program may have (its threads' calls, the init prefix not
/// counted): a set of calls is one 64-bit word. Counterexample files with more are refused.
inline constexpr size_t kMaxCalls = 64;

/// Calls 0 to n - 1 (n at most kMaxCalls).
inline uint64_t first_calls(size_t n) {
  return n >= kMaxCalls ? ~uint64_t{0} : (uint64_t{1} << n) - 1;
}

}  // namespace lineup::checker
