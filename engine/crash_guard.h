// Fatal signals raised by controlled code (segfault, abort from a failed assert, ...) become
// a failed execution instead of the end of the process.
#pragma once

namespace lineup::engine {

/// While alive, fatal signals on this OS thread that arrive while controlled code runs are
/// handed to the current Execution (which jumps back to its run loop). Signals raised by the
/// engine itself keep their default action. Handlers are installed once per process; an
/// alternate signal stack (so a fiber's stack overflow is caught too) and a watchdog timer
/// (which stops executions that hang without making steps) once per OS thread.
class CrashGuard {
 public:
  CrashGuard();
};

}  // namespace lineup::engine
