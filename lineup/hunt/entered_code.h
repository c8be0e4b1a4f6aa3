// Where a structure's executions enter instrumented code, learnt before a hunt by running a few
// executions of small programs of it with function entries recorded
// (engine/diagnostics/function_entries.h). The pre-hunt check follows the call graph from
// there (engine/diagnostics/code_reach.h), so that code another structure of the same hunter
// runs, and code run only outside executions (registration, prepare_engine), does not count
// against this one.
#pragma once

#include <cstdint>
#include <vector>

#include "lineup/hunt/hunt.h"
#include "specs/structure.h"

namespace lineup::hunt {

/// The small programs run: each thread (two, or one per role up to three) calls each
/// operation it may call once, arguments taken in turn from the structure's values; then the
/// same calls in the opposite order.
std::vector<specs::TestProgram> entry_programs(const specs::Target& target);

/// The return addresses of the function-entry hook seen while `executions` random executions
/// of each entry_programs() program ran on an engine made with `options` (its hang watchdog
/// shortened to 200 ms), stopping after the first execution that does not complete (a hang, a
/// crash, a violation of the engine's rules). Empty when the executions could not be run (a
/// structure whose factory throws, say).
std::vector<uintptr_t> entered_code(const specs::Target& target, const HuntOptions& options,
                                    uint64_t executions = 20);

}  // namespace lineup::hunt
