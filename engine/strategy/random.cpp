#include "engine/strategy/random.h"

#include "engine/strategy/random_bits.h"

namespace lineup::engine {

RandomStrategy::RandomStrategy(uint64_t seed, uint64_t executions)
    : state_(seed), budget_(executions) {}

bool RandomStrategy::begin_execution() { return budget_.take(); }

Decision RandomStrategy::next_thread(const SchedulingPoint& point) {
  return Decision::run(random_enabled_thread(state_, point.enabled));
}

}  // namespace lineup::engine
