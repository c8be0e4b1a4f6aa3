// Recognising a precedence relation that leaves exactly one order of the calls. When every
// call of an execution is one critical section (a lock-based structure), or a systematic
// search has ordered every pair of calls, the boundary order is total: its one order is then
// followed along the search graph instead of searched for, and no kept witness is needed.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>

namespace lineup::checker {

/// Whether `precedes` (word y: bit x when call x must come before call y) over `calls` calls
/// (at most 64) is a strict total order: call y then has exactly as many predecessors as its
/// position, and they are the calls before it. If so, `order[0, calls)` gets the calls in
/// that order; otherwise `order` holds no meaning.
inline bool total_order(const uint64_t* precedes, size_t calls, int* order) {
  uint64_t positions = 0;
  for (size_t y = 0; y < calls; ++y) {
    const auto k = static_cast<size_t>(std::popcount(precedes[y]));
    if (k >= calls || ((positions >> k) & 1)) return false;
    positions |= uint64_t{1} << k;
    order[k] = static_cast<int>(y);
  }
  // Each position is taken once; the order is total iff each call's predecessors are exactly
  // the calls placed before it.
  uint64_t done = 0;
  for (size_t k = 0; k < calls; ++k) {
    if (precedes[order[k]] != done) return false;
    done |= uint64_t{1} << order[k];
  }
  return true;
}

}  // namespace lineup::checker
