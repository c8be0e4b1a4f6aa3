// What a structure promises callers about happens-before (specs::Target::synchronizes), checked
// on one c11 execution: a pop that returns v happens after the push of v, so that what the
// pushing thread wrote before its push is visible to the popping thread after its pop. Values
// alone do not show it: a queue that publishes with relaxed stores can be linearizable and
// still break every caller that passes data through it (Relinche: Golovin, Kokologiannakis,
// Vafeiadis, POPL 2025, check exactly this promise).
#pragma once

#include <string>
#include <vector>

#include "engine/trace.h"
#include "specs/structure.h"

namespace lineup::checker {

/// The first of `target`'s promises that the execution with `trace` (c11 mode: it has
/// CallClocks) and `results` breaks, in words for the report ("T1[0].pop() -> 1 does not
/// happen after T0[0].push(1): ..."); "" when it keeps them all, when the target promises
/// nothing, or when the trace has no CallClocks (SC mode, where every step happens before the
/// next). A call seeing v is kept by a call of the promised operation with argument v earlier
/// in its thread, or in another thread with a step its clock knows at its response (the step
/// after that call's invocation: y.response[tx] > x.invocation[tx]). A call seeing a value no
/// call gave is left to the linearizability check.
std::string missing_synchronization(const specs::Target& target, const specs::TestProgram& program,
                                    const std::vector<int>& results, const engine::Trace& trace);

}  // namespace lineup::checker
