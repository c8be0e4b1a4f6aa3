// Human-readable traces, one line per step in the style of the Boost FIFO trace in the CODEX
// thesis (Figure 5-2): step, thread, operation, address (named where possible), value, and
// the source location of the step.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "engine/engine.h"
#include "engine/outcome.h"
#include "engine/program.h"

namespace lineup::engine {

/// Names an address as trace step `step` sees it: "heap#3@queue.h:55+8" (8 bytes into the 3rd
/// block allocated in the execution, which the code at queue.h:55 allocated; the site is left
/// out where the allocating code has no line information), "Node#3@queue.h:55 .next" (the
/// same where the debug information says the block is a Node: heap_types.h; the field only
/// for an `access`, a pointer value into a block's start names the block), "heap#3.2+8" (into
/// the second block allocated at that place, after the 3rd was freed: block_names.h),
/// "T1.stack+0x1f0", a global's symbol ("head_+8"), else hex. Heap names are only valid until
/// the next execution starts.
std::string name_address(uintptr_t addr, size_t step, const Engine& engine, bool access = true);

/// "@queue.h:55": where the allocation returning to `site` was made, as a heap block's name
/// ends (Symbolizer::place); "" when that is not known.
std::string allocation_site(uintptr_t site);

/// c11 mode: what the memory model decided at a step ("reads the store of step 16, not the
/// latest (1 newer store)", "placed before the initial value in modification order (...)").
std::string describe_note(const WeakNote& n);

/// The columns of a trace line for step `index`: what the step does ("store"), the place it
/// accesses (name_address, with the access's size), what it read or wrote (":= 1", "= 0 -> 1"),
/// and where in the code (Symbolizer::describe). Empty where a step has none (a fence's place).
struct StepColumns {
  std::string what;
  std::string target;
  std::string effect;
  std::string where;
  /// What, target and effect, each after one space, the empty ones left out.
  std::string text() const;
};
StepColumns step_columns(const Transition& t, size_t index, const Engine& engine);

/// One trace line for step `index` (no trailing newline): its index, thread and columns.
std::string format_step(const Transition& t, size_t index, const Engine& engine);

/// The whole execution: call boundaries ("T0 calls push(1)", "T0 returns"), every step (a loop
/// repeated for many rounds folded to its first and last round and a line naming it, while
/// trace_folding(): trace_folding.h), and the outcome with its message and the replay token.
/// Call before the next execution.
std::string format_trace(const ExecutionResult& result, const Program& program,
                         const Engine& engine);

}  // namespace lineup::engine
