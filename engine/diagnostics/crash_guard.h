// Fatal signals raised by controlled code (segfault, abort from a failed assert, ...) become
// a failed execution instead of the end of the process.
#pragma once

#include <cstdint>

namespace lineup::engine {

/// What the guard hands controlled code's signals to (the running execution's handlers).
struct FaultHandlers {
  /// A fatal signal `sig` at `pc`; `sent` when a process sent it (kill, raise: `fault_addr` is
  /// no address then). Does not return.
  void (*fault)(int sig, uintptr_t fault_addr, uintptr_t pc, bool sent);
  /// A watchdog tick `elapsed_ms` after the last one, controlled code at `pc`.
  void (*tick)(int elapsed_ms, uintptr_t pc);
};

/// While alive, fatal signals on this OS thread that arrive while controlled code runs are
/// handed to `handlers` (which jump back to the execution's run loop). Signals raised by the
/// engine itself keep their default action. Handlers are installed once per process; an
/// alternate signal stack (so a fiber's stack overflow is caught too) and a watchdog timer
/// (which stops executions that hang without making steps) once per OS thread.
class CrashGuard {
 public:
  explicit CrashGuard(const FaultHandlers& handlers);
};

}  // namespace lineup::engine
