// The classes of a program counted without lineup's search or its class fingerprints: an
// independent count for `lineup verify` to be checked against.
//
// Two executions are of one class when one reorders the other's independent steps: steps are
// dependent when they are by one thread, or touch a common 4-byte granule and one of them
// writes (a failed CAS reads; a fence touches nothing; a predicate wait reads everything), the
// equivalence lineup's classes are defined by (engine/memory/happens_before.h). A class is named by
// its least linearization (the lowest thread first wherever its next step may come next).
//
// The enumeration walks prefixes of executions breadth by breadth, one engine run each (the
// prefix, then the lowest enabled thread to the end), and drops a prefix equivalent to one
// walked before: equivalent prefixes end in the same state, so they have the same
// continuations. Every class is reached, since every linearization of it is a walk through
// prefixes of which one per equivalence is kept.
#pragma once

#include <cstdint>

#include "engine/engine.h"
#include "specs/structure.h"

namespace lineup::hunt::testing {

struct EnumeratedClasses {
  uint64_t classes = 0;   // distinct classes of complete executions
  uint64_t prefixes = 0;  // distinct classes of prefixes walked (engine runs)
};

/// Every class of `program` of `target`, run on `engine` (made for the target).
EnumeratedClasses enumerate_classes(engine::Engine& engine, const specs::Target& target,
                                    const specs::TestProgram& program);

}  // namespace lineup::hunt::testing
