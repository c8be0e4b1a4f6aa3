// Replaces the C++ runtime's registration of thread_local destructors and its guards of
// function-local statics, for controlled code.
//
// A thread_local object's destructor is registered (through libstdc++'s __cxa_thread_atexit)
// with glibc's __cxa_thread_atexit_impl when the object is first constructed in a thread.
// Registered from a logical thread, it must run when that logical thread ends, not when the
// OS thread that carries every fiber does.
//
// The guard of a function-local static is written by libstdc++, which no hook sees: the
// write is reported here so that it is undone with the static's own after each execution.
#include <cxxabi.h>

#include <cstdint>

#include "engine/execution.h"
#include "engine/modes.h"
#include "engine/runtime/real_function.h"

using lineup::engine::EngineSection;
using lineup::engine::Execution;
using lineup::engine::tl_execution;
using lineup::engine::tl_heap_on;

namespace {

using Destructor = void (*)(void*);
using Guard = __cxxabiv1::__guard;  // the type <cxxabi.h> declares these functions with

Execution* controlled() { return tl_heap_on ? tl_execution : nullptr; }

void note_guard(Guard* g) {
  if (Execution* e = controlled())
    e->static_access(reinterpret_cast<uintptr_t>(g), sizeof *g, true);
}

}  // namespace

extern "C" {

int __cxa_thread_atexit_impl(Destructor fn, void* obj, void* dso_symbol) {
  if (Execution* e = controlled()) {
    EngineSection engine;
    e->thread_exits().add(fn, obj);
    return 0;
  }
  using Real = int (*)(Destructor, void*, void*);
  return LINEUP_REAL_FUNCTION_AS(Real, __cxa_thread_atexit_impl)(fn, obj, dso_symbol);
}

int __cxa_guard_acquire(Guard* g) {
  note_guard(g);
  using Real = int (*)(Guard*);
  return LINEUP_REAL_FUNCTION_AS(Real, __cxa_guard_acquire)(g);
}

void __cxa_guard_release(Guard* g) noexcept {
  note_guard(g);
  using Real = void (*)(Guard*);
  LINEUP_REAL_FUNCTION_AS(Real, __cxa_guard_release)(g);
}

void __cxa_guard_abort(Guard* g) noexcept {
  note_guard(g);
  using Real = void (*)(Guard*);
  LINEUP_REAL_FUNCTION_AS(Real, __cxa_guard_abort)(g);
}

}  // extern "C"
