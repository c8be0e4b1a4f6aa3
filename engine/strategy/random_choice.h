// How the sampling strategies (random, PCT, POS, SURW) decide memory-model choices in c11
// mode. Half the time the SC option (the latest store, the last place), else any option
// uniformly. Why the bias: a program makes many loads and a bug usually needs one or two of
// them to be stale; uniform picks at every load would make nearly every execution read stale
// values everywhere, so a spin loop waits long for its flag and a retry loop rarely sees the
// value that ends it, and the executions that differ from SC in one place are rare.
#pragma once

#include <cstdint>

#include "engine/memory/choice.h"
#include "engine/strategy/random_bits.h"

namespace lineup::engine {

inline uint32_t random_choice(uint64_t& state, const Choice& choice) {
  if ((random_bits(state) & 1) == 0) return choice.latest();
  return static_cast<uint32_t>(bounded_random(state, choice.options));
}

}  // namespace lineup::engine
