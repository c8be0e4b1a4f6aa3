#include "lineup/engine/strategy/random.h"

#include <bit>

#include "lineup/engine/strategy/random_bits.h"

namespace lineup::engine {

RandomStrategy::RandomStrategy(uint64_t seed, uint64_t executions)
    : state_(seed), budget_(executions) {}

bool RandomStrategy::begin_execution() { return budget_.take(); }

Decision RandomStrategy::next_thread(const SchedulingPoint& point) {
  uint64_t mask = point.enabled;
  if ((mask & (mask - 1)) == 0) return Decision::run(std::countr_zero(mask));  // no randomness
  int n = 0;
  for (uint64_t m = mask; m != 0; m &= m - 1) ++n;
  // Pick the k-th set bit.
  uint64_t k = bounded_random(state_, static_cast<uint64_t>(n));
  while (k-- > 0) mask &= mask - 1;
  return Decision::run(std::countr_zero(mask));
}

}  // namespace lineup::engine
