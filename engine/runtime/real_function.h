// Finds the C library's own definition of a function that the runtime replaces, for callers
// that are not controlled code.
#pragma once

#include <dlfcn.h>

#include <cstdio>
#include <cstdlib>

namespace lineup::engine {

/// The next definition of `name` after this executable's (glibc's), as a pointer of type F.
/// Aborts with a message if there is none: the replacement cannot work without it.
template <class F>
F real_function(const char* name) {
  void* f = dlsym(RTLD_NEXT, name);
  if (f == nullptr) {
    std::fprintf(stderr, "lineup: cannot find %s in libc\n", name);
    std::abort();
  }
  return reinterpret_cast<F>(f);
}

}  // namespace lineup::engine

/// The next definition of `name`, as a pointer of type F, looked up once per use site. The
/// cache is a constant-initialised pointer, not a guarded static: a guard would call
/// __cxa_guard_acquire, which the runtime replaces too, and which may be called before main
/// or from another library's exit handler.
#define LINEUP_REAL_FUNCTION_AS(F, name)                             \
  ([] {                                                              \
    static F f = nullptr;                                            \
    if (f == nullptr) f = ::lineup::engine::real_function<F>(#name); \
    return f;                                                        \
  }())

/// glibc's definition of `name` (declared by an included C header), with the type of that
/// declaration.
#define LINEUP_REAL_FUNCTION(name) LINEUP_REAL_FUNCTION_AS(decltype(&::name), name)
