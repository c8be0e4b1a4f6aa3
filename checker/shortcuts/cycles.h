// Finding a cycle in a precedence relation. Each interleaving's relation has none, but the
// union of those an execution's boundary order allows may: the judge then splits the union
// into relations that each lack one of the cycle's edges.
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>

#include "checker/call_set.h"

namespace lineup::checker {

/// The calls of `within` left after repeatedly taking away those with no predecessor left in
/// `precedes` (word y: bit x when call x must come before call y; at most 64 calls): the
/// cyclic core of `precedes` when `within` holds it (every call, or the core of a relation of
/// which `precedes` keeps only some edges); the calls outside are not looked at.
inline uint64_t cyclic_core_within(const uint64_t* precedes, uint64_t within) {
  uint64_t core = within;
  for (bool peeled = true; peeled && core != 0;) {
    peeled = false;
    for (uint64_t left = core; left != 0; left &= left - 1) {
      const auto y = static_cast<size_t>(std::countr_zero(left));
      if ((precedes[y] & core) == 0) {
        core &= ~(uint64_t{1} << y);
        peeled = true;
      }
    }
  }
  return core;
}

/// The calls of `precedes` (over `calls` calls) left after repeatedly taking away those with
/// no predecessor left: none iff the relation has no cycle, and otherwise every call left has
/// a predecessor left.
inline uint64_t cyclic_core(const uint64_t* precedes, size_t calls) {
  return cyclic_core_within(precedes, first_calls(calls));
}

/// A cycle of `precedes` (word y: bit x when call x must come before call y) over `calls`
/// calls (at most 64): returns its length and puts its calls in `cycle`, each after the one
/// it must come before (cycle[i + 1] before cycle[i], and cycle[0] before the last); 0 when
/// there is none. `cycle` has room for `calls` calls.
inline size_t find_cycle(const uint64_t* precedes, size_t calls, int* cycle) {
  // Following predecessors within the core from any of its calls must come back to one.
  const uint64_t core = cyclic_core(precedes, calls);
  if (core == 0) return 0;
  int position[64];  // on the path followed, or -1
  for (size_t c = 0; c < calls; ++c) position[c] = -1;
  size_t length = 0;
  auto at = static_cast<size_t>(std::countr_zero(core));
  while (position[at] < 0) {
    position[at] = static_cast<int>(length);
    cycle[length++] = static_cast<int>(at);
    at = static_cast<size_t>(std::countr_zero(precedes[at] & core));
  }
  // The path came back to `at`: the cycle is the path from there on.
  const auto start = static_cast<size_t>(position[at]);
  for (size_t i = start; i < length; ++i) cycle[i - start] = cycle[i];
  return length - start;
}

/// How many pairs of calls x < y `precedes` (over `calls` calls) puts each before the other
/// (cycles of two), counting up to `enough` only.
inline size_t two_cycles(const uint64_t* precedes, size_t calls, size_t enough) {
  size_t pairs = 0;
  for (size_t y = 1; y < calls && pairs < enough; ++y) {
    // The calls x < y before y that y is also before.
    for (uint64_t left = precedes[y] & ((uint64_t{1} << y) - 1); left != 0; left &= left - 1) {
      pairs += (precedes[std::countr_zero(left)] >> y) & 1;
    }
  }
  return std::min(pairs, enough);
}

}  // namespace lineup::checker
