// What the replacements of process-level functions (exit, fork, pthread_create, open, write,
// ...) share: telling controlled code's calls from everyone else's.
#pragma once

#include <cstdint>

#include "engine/execution.h"
#include "engine/modes.h"

namespace lineup::engine {

/// The execution whose controlled code (a logical thread, setup or teardown) runs on this OS
/// thread, else nullptr. Code the engine runs on controlled code's behalf in an EngineSection
/// (dlopen's loading of a library, the symbolizer reading debug information) is not
/// controlled code, nor is anything outside an execution.
inline Execution* controlled_execution() { return tl_heap_on ? tl_execution : nullptr; }

}  // namespace lineup::engine

/// The return address of the replaced function that uses it, for Execution::abort_at_call.
#define LINEUP_CALLER reinterpret_cast<uintptr_t>(__builtin_return_address(0))
