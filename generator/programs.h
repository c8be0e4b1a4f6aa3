// Random concurrent test programs (Line-Up style: a few threads, a few calls each), drawn
// with RapidCheck from a structure's operations and argument values.
#pragma once

#include <rapidcheck.h>

#include <cstdint>

#include "specs/structure.h"

namespace lineup::generator {

/// Programs of exactly `threads` threads x `calls` calls; each call an operation of the
/// target's model, with an argument from target.arguments where the operation takes one.
rc::Gen<specs::TestProgram> test_programs(const specs::Target& target, int threads, int calls);

/// The `index`-th program of the sequence `seed` determines: reproducible from (seed, index).
specs::TestProgram sample(const rc::Gen<specs::TestProgram>& gen, uint64_t seed, uint64_t index);

}  // namespace lineup::generator
