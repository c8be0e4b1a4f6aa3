// The per-OS-thread switches that decide what the interposed functions (tsan hooks, malloc,
// pthread locks) do. They are plain __thread variables (no TLS wrapper calls) because every
// instrumented access reads them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace lineup::engine {

class Execution;

/// The execution running on this OS thread (set for the whole of Engine::run), else nullptr.
extern __thread Execution* tl_execution;
/// Set while a scheduled logical thread runs controlled code: hooks become scheduling points.
/// Cleared whenever the engine itself runs, so its own accesses are never intercepted.
extern __thread Execution* tl_active;
/// Set while controlled code runs (logical threads, setup, teardown): allocations come from
/// the execution heap.
extern __thread bool tl_heap_on;
/// Nonzero while the engine reads memory on behalf of a pending access (to learn the value it
/// will see): the pc of that access. A fault there is the controlled code's fault, at that pc.
extern __thread uintptr_t tl_probe_pc;

/// The calling OS thread's thread-local blocks, [tl_tls_low, tl_tls_low + tl_tls_span), while
/// an execution copies them per logical thread (span 0 otherwise).
extern __thread uintptr_t tl_tls_low;
extern __thread uintptr_t tl_tls_span;

/// Futex wakes issued by controlled code on this OS thread (futex_interpose.cpp).
extern __thread uint64_t tl_futex_wakes;

/// One of the engine's own thread-local variables: [addr, addr + size) in the calling thread.
struct EngineLocal {
  uintptr_t addr;
  size_t size;
};
/// The engine's thread-locals that every context of an OS thread must agree on (the switches
/// above and the futex wake count). A logical thread with a thread pointer of its own
/// (thread_blocks.h) has its own copy of each, brought up to date at every switch. Private
/// ones (tl_tls_low and tl_tls_span, which locate the running context's own block) are not
/// listed.
std::vector<EngineLocal> engine_thread_locals();

/// Whether `addr` is a thread-local byte with a copy per logical thread, in the running
/// context's own block (see Execution::unscheduled_thread_local for whether accesses to it are
/// steps).
inline bool thread_private(uintptr_t addr) { return addr - tl_tls_low < tl_tls_span; }
/// Whether `value` is the address of such a byte, ignoring the top 16 bits (pointer tags).
inline bool thread_local_address(uint64_t value) {
  return thread_private(value & ((uint64_t{1} << 48) - 1));
}

/// Clears tl_active and tl_heap_on for the lifetime of the object (engine code inside a hook)
/// and restores them afterwards.
class EngineSection {
 public:
  EngineSection() : active_(tl_active), heap_on_(tl_heap_on) {
    tl_active = nullptr;
    tl_heap_on = false;
  }
  ~EngineSection() {
    tl_active = active_;
    tl_heap_on = heap_on_;
  }
  EngineSection(const EngineSection&) = delete;
  EngineSection& operator=(const EngineSection&) = delete;

 private:
  Execution* active_;
  bool heap_on_;
};

}  // namespace lineup::engine
