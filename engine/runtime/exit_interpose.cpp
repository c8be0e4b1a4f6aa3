// Replaces the functions that end the process (exit, and so std::exit; _Exit, _exit and
// quick_exit) for the whole process. Called by controlled code, they would end the hunt with
// the structure's exit status and no report, or run the process's exit handlers and static
// destructors on a fiber's stack. There they end the execution instead, as
// Outcome::kProcessExit: a finding like a crash, with its schedule and the call's file:line.
// Everyone else's calls (lineup's own, a worker process's) end the process as glibc's do.
#include <unistd.h>

#include <cstdio>
#include <cstdlib>

#include "engine/runtime/controlled_calls.h"
#include "engine/runtime/real_function.h"

using lineup::engine::controlled_execution;
using lineup::engine::Execution;
using lineup::engine::Outcome;

namespace {

// Ends the execution at a call of `function` with `status`, made by controlled code.
[[noreturn]] void end_execution(Execution* e, const char* function, int status, uintptr_t caller) {
  char call[64];
  std::snprintf(call, sizeof call, "%s(%d)", function, status);
  e->abort_at_call(Outcome::kProcessExit, call, caller,
                   ": the code under test ends the process there (the hunt ends this execution "
                   "instead, and goes on)");
}

}  // namespace

extern "C" {

void exit(int status) noexcept {
  if (Execution* e = controlled_execution()) end_execution(e, "exit", status, LINEUP_CALLER);
  LINEUP_REAL_FUNCTION(exit)(status);
  __builtin_unreachable();
}

void _Exit(int status) noexcept {
  if (Execution* e = controlled_execution()) end_execution(e, "_Exit", status, LINEUP_CALLER);
  LINEUP_REAL_FUNCTION(_Exit)(status);
  __builtin_unreachable();
}

// Not noexcept: <unistd.h> declares _exit without __THROW.
void _exit(int status) {
  if (Execution* e = controlled_execution()) end_execution(e, "_exit", status, LINEUP_CALLER);
  LINEUP_REAL_FUNCTION(_exit)(status);
  __builtin_unreachable();
}

void quick_exit(int status) noexcept {
  if (Execution* e = controlled_execution()) end_execution(e, "quick_exit", status, LINEUP_CALLER);
  LINEUP_REAL_FUNCTION(quick_exit)(status);
  __builtin_unreachable();
}

}  // extern "C"
