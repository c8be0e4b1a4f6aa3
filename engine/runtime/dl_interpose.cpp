// Replaces dlopen, dlmopen and dlclose for the whole process. Controlled code that loads a
// library (a structure's library loading its helper at first use) would otherwise run the
// dynamic linker and the library's constructors with the execution heap on: what they
// allocate would vanish at the next reset, under the dynamic linker's feet. Here the real call
// runs as setup code outside the execution does: from glibc's heap (the dynamic linker's own
// calls go there anyway, dynamic_linker.h), no steps, no undo of what the constructors write;
// the library stays loaded across executions, as it would in a real process. The execution
// then learns that the modules changed (Execution::modules_changed).
#include <dlfcn.h>

#include "engine/execution.h"
#include "engine/modes.h"
#include "engine/runtime/real_function.h"
#include "engine/threads/library_search.h"
#include "engine/threads/static_storage.h"

namespace {

using lineup::engine::tl_execution;
using lineup::engine::tl_heap_on;

// glibc's dlopen in the base namespace (as the executable's call would), its dlmopen in others.
void* real_open(Lmid_t space, const char* file, int mode) {
  if (space == LM_ID_BASE) return LINEUP_REAL_FUNCTION(dlopen)(file, mode);
  return LINEUP_REAL_FUNCTION(dlmopen)(space, file, mode);
}

// Runs `call` outside control when controlled code made it, then tells the execution if the
// loaded modules changed.
template <class Call>
auto outside_control(Call call) {
  if (!tl_heap_on || tl_execution == nullptr) return call();
  lineup::engine::EngineSection engine;
  const uint64_t before = lineup::engine::module_changes();
  auto result = call();
  if (lineup::engine::module_changes() != before) tl_execution->modules_changed();
  return result;
}

}  // namespace

extern "C" {

// glibc searches for the library as its caller's, which is here: the caller's is passed on.
void* dlopen(const char* file, int mode) {
  const void* caller = __builtin_return_address(0);
  return outside_control([&] {
    return lineup::engine::dlopen_as(caller, lineup::engine::kCallersSpace, file, mode, &real_open);
  });
}

void* dlmopen(Lmid_t space, const char* file, int mode) {
  const void* caller = __builtin_return_address(0);
  return outside_control(
      [&] { return lineup::engine::dlopen_as(caller, space, file, mode, &real_open); });
}

int dlclose(void* handle) {
  return outside_control([&] { return LINEUP_REAL_FUNCTION(dlclose)(handle); });
}

}  // extern "C"
