// Recognising a precedence relation that leaves exactly one order of the calls. When every
// call of an execution is one critical section (a lock-based structure), or a systematic
// search has ordered every pair of calls, the boundary order is total: its one order is then
// followed along the search graph instead of searched for, and no kept witness is needed.
#pragma once

#include <cstddef>
#include <cstdint>

namespace lineup::checker {

/// Whether `precedes` (word y: bit x when call x must come before call y) over `calls` calls
/// (at most 64) is a strict total order: call y then has exactly as many predecessors as its
/// position, and they are the calls before it. If so, `order[0, calls)` gets the calls in
/// that order; otherwise `order` holds no meaning.
/// The number of bits set in `x`, inline: without a processor flag for it, std::popcount is
/// a call into the compiler's runtime library, made here for every call of every execution.
inline size_t bits_set(uint64_t x) {
  x -= (x >> 1) & 0x5555555555555555ULL;
  x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
  x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
  return static_cast<size_t>((x * 0x0101010101010101ULL) >> 56);
}

inline bool total_order(const uint64_t* precedes, size_t calls, int* order) {
  // Each call goes to the position its number of predecessors says; the positions must be
  // all distinct (a permutation), and each call's predecessors exactly the calls placed
  // before it. Without early exits: the relations met one after another are total or not in
  // no pattern a branch predictor learns.
  if (calls == 0) return true;
  const uint64_t all = calls == 64 ? ~uint64_t{0} : (uint64_t{1} << calls) - 1;
  uint64_t positions = 0;
  for (size_t y = 0; y < calls; ++y) {
    const size_t k = bits_set(precedes[y]);
    const bool fits = k < calls;
    positions |= uint64_t{fits} << (k & 63);
    order[fits ? k : calls - 1] = static_cast<int>(y);
  }
  if (positions != all) return false;
  uint64_t done = 0, wrong = 0;
  for (size_t k = 0; k < calls; ++k) {
    wrong |= precedes[order[k]] ^ done;
    done |= uint64_t{1} << order[k];
  }
  return wrong == 0;
}

}  // namespace lineup::checker
