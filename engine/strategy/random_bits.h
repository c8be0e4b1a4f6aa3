// A small, fast, seedable random source for strategies (SplitMix64: one multiply-xorshift
// round per number, full period, good enough for picking among a few threads).
#pragma once

#include <bit>
#include <cstdint>

namespace lineup::engine {

/// Advances `state` and returns the next 64 random bits.
inline uint64_t random_bits(uint64_t& state) {
  uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

/// A random number in [0, n), n > 0 (Lemire's multiply-shift; the bias is below 2^-58 for the
/// small n strategies use).
inline uint64_t bounded_random(uint64_t& state, uint64_t n) {
  return static_cast<uint64_t>((static_cast<unsigned __int128>(random_bits(state)) * n) >> 64);
}

/// One of the threads set in `enabled` (not empty), uniformly; takes no random bits when
/// only one is set.
inline int random_enabled_thread(uint64_t& state, uint64_t enabled) {
  if ((enabled & (enabled - 1)) == 0) return std::countr_zero(enabled);
  uint64_t n = 0;  // a loop: std::popcount is a library call without -mpopcnt
  for (uint64_t m = enabled; m != 0; m &= m - 1) ++n;
  // Clear the k lowest set bits; the lowest left is the k-th thread.
  for (uint64_t k = bounded_random(state, n); k > 0; --k) enabled &= enabled - 1;
  return std::countr_zero(enabled);
}

}  // namespace lineup::engine
