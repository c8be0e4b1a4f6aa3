// Where the process keeps static storage that controlled code may write: the thread-local
// blocks of every loaded module (for the calling OS thread) and the writable data of the
// modules that contain instrumented code. The engine gives each logical thread its own copy
// of the former and undoes controlled writes to the latter after every execution, so every
// execution starts from the same memory.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace lineup::engine {

/// One module's thread-local block in the calling OS thread.
struct TlsBlock {
  uintptr_t start = 0;
  size_t size = 0;                 // .tdata and .tbss
  const uint8_t* image = nullptr;  // the module's initial values (.tdata)
  size_t image_size = 0;           // the rest of the block starts zeroed (.tbss)
};

/// [start, end) of a module's writable data (.data, .bss).
struct DataRange {
  uintptr_t start = 0;
  uintptr_t end = 0;
};

struct StaticStorage {
  std::vector<TlsBlock> tls;  // in address order; the static TLS area's only
  std::vector<DataRange> data;
  /// Whether a module keeps its thread-locals in dynamic TLS (one loaded by dlopen): blocks
  /// that glibc allocates per thread on first access, through the thread vector, anywhere in
  /// the heap, and so not in `tls`.
  bool dynamic_tls = false;
  /// module_changes() when scanned.
  uint64_t changes = 0;
};

/// Scans the loaded modules. The executable counts as instrumented (lineup's runtime and the
/// structures it hunts are linked into it); a shared library does when its dynamic string
/// table names the __tsan_ hooks.
StaticStorage scan_static_storage();

/// How many times a module was loaded or unloaded since the process started: when it
/// differs from a scan's `changes`, that scan is out of date.
uint64_t module_changes();

}  // namespace lineup::engine
