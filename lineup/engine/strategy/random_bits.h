// A small, fast, seedable random source for strategies (SplitMix64: one multiply-xorshift
// round per number, full period, good enough for picking among a few threads).
#pragma once

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

}  // namespace lineup::engine
