// Random concurrent test programs (Line-Up style: a few threads, a few calls each), drawn
// with RapidCheck from a structure's operations and argument values.
#pragma once

#include <rapidcheck.h>

#include <cstdint>

#include "generator/shape.h"
#include "specs/structure.h"

namespace lineup::generator {

/// Programs of `shape`: each call an operation of the target's model (thread t restricted to
/// target.roles[t] when roles are declared), with an argument from target.arguments where
/// the operation takes one.
rc::Gen<specs::TestProgram> test_programs(const specs::Target& target, const Shape& shape);

/// The number of threads programs of `shape` have for `target`.
int thread_count(const specs::Target& target, const Shape& shape);

/// The `index`-th program of the sequence `seed` determines: reproducible from (seed, index).
specs::TestProgram sample(const rc::Gen<specs::TestProgram>& gen, uint64_t seed, uint64_t index);

/// `program` changed in one or two places (rarely none, when no change drawn alters it), as
/// (seed, index) determines: a call replaced by
/// another operation or argument its thread may call, two calls of a thread swapped, or a
/// thread's calls copied onto another thread with the same roles. Same threads and calls.
specs::TestProgram mutate(const specs::Target& target, specs::TestProgram program, uint64_t seed,
                          uint64_t index);

}  // namespace lineup::generator
