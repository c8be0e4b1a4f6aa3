#include "lineup/engine/strategy/random.h"

#include <bit>

namespace lineup::engine {

RandomStrategy::RandomStrategy(uint64_t seed, uint64_t executions)
    : rng_(seed), remaining_(executions), unbounded_(executions == 0) {}

bool RandomStrategy::begin_execution() {
  if (unbounded_) return true;
  if (remaining_ == 0) return false;
  --remaining_;
  return true;
}

ThreadId RandomStrategy::next_thread(const SchedulingPoint& point) {
  uint64_t mask = point.enabled;
  int n = std::popcount(mask);
  // Pick the k-th set bit; the common cases (one or two enabled threads) stay cheap.
  int k = n == 1 ? 0 : static_cast<int>(rng_() % static_cast<uint64_t>(n));
  while (k-- > 0) mask &= mask - 1;
  return std::countr_zero(mask);
}

}  // namespace lineup::engine
