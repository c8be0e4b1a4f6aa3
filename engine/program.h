// The unit the engine executes: a setup step, several logical threads each making a sequence
// of calls into the code under test, and a teardown step.
#pragma once

#include <functional>
#include <string>
#include <vector>

namespace lineup::engine {

/// One call a logical thread makes; the engine brackets it with begin/end-of-call markers so
/// the transitions it performs can be grouped per call.
struct Call {
  std::string name;            // shown in traces, e.g. "push(1)"
  std::function<void()> body;  // runs on the logical thread's fiber, unless invoke is set
  /// Optional, run instead of `body` when set: `*result = invoke(context, *object, op, arg)`.
  /// The engine then calls into the code under test through no frame of its own that stays
  /// on the fiber's stack while the call runs: each such frame is a return the processor
  /// mispredicts after every switch back to the fiber.
  int (*invoke)(const void* context, void* object, int op, int arg) = nullptr;
  const void* context = nullptr;
  void* const* object = nullptr;  // read when the call starts (setup may have just made it)
  int op = 0;
  int arg = 0;
  int* result = nullptr;
};

/// A concurrent test program. Each execution runs `setup` alone, then the threads
/// interleaved under the strategy, then `teardown` alone (only when the threads completed).
/// setup and teardown may allocate and access memory freely: they are not scheduling points,
/// but their heap comes from the same per-execution deterministic arena, so objects created in
/// setup (the structure under test) have the same addresses in every execution.
/// All closures must recreate their state in every execution: memory allocated by controlled
/// code does not survive the execution.
struct Program {
  std::function<void()> setup;
  std::vector<std::vector<Call>> threads;
  std::function<void()> teardown;
};

}  // namespace lineup::engine
