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

/// glibc's definition of `name` (declared by an included C header), looked up once per use
/// site, with the type of that declaration.
#define LINEUP_REAL_FUNCTION(name)                                             \
  ([] {                                                                        \
    static auto f = ::lineup::engine::real_function<decltype(&::name)>(#name); \
    return f;                                                                  \
  }())
