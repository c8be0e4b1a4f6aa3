// dlopen as glibc performs it for a given caller. glibc's dlopen looks at its return address:
// a name without a slash is searched first in the caller's RPATH and RUNPATH, `$ORIGIN` in
// the name stands for the caller's folder, and the library is loaded into the caller's link
// namespace. The runtime's dlopen (runtime/dl_interpose.cpp) calls glibc's from its own code,
// so it passes on the caller it was called from.
#pragma once

#include <dlfcn.h>

namespace lineup::engine {

/// Opens `file` in link namespace `space` as glibc's dlmopen does (for the base namespace,
/// glibc's dlopen, as called from the executable).
using RealOpen = void* (*)(Lmid_t space, const char* file, int mode);

/// The `space` of dlopen_as that stands for the caller's namespace (dlopen's).
inline constexpr Lmid_t kCallersSpace = -2;

/// dlmopen(space, file, mode) as made from code address `caller`, through `real`: `$ORIGIN`
/// expanded, a name already loaded or found in the caller's RPATH or RUNPATH (or in
/// LD_LIBRARY_PATH, in glibc's order) opened by its path; otherwise (a path, a name found in
/// glibc's cache or system folders, a caller in the executable) glibc searches as usual.
void* dlopen_as(const void* caller, Lmid_t space, const char* file, int mode, RealOpen real);

}  // namespace lineup::engine
