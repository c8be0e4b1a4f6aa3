// Sets of a program's calls as 64-bit masks: bit c for call c (calls are numbered
// thread-major, at most 64 of them).
#pragma once

#include <cstddef>
#include <cstdint>

namespace lineup::checker {

/// Calls 0 to n - 1 (n at most 64).
inline uint64_t first_calls(size_t n) { return n >= 64 ? ~uint64_t{0} : (uint64_t{1} << n) - 1; }

}  // namespace lineup::checker
