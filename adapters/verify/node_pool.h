// Counted pointers and a pool of nodes with a free list per thread, the memory the MS queue
// and the Treiber stack of this folder share. Both papers name nodes by pointers that carry a
// modification count, so that a compare-and-swap tells a recycled node from the one it read
// (Michael & Scott 1996, section 2; Treiber 1986, with the System/370's compare double and
// swap). Nodes are indices into a fixed array, as GenMC's clients of these algorithms keep
// them (tests/correct/data-structures/ms-queue, treiber-stack): a node is recycled only by the
// thread that freed it, never through shared memory, so allocation adds no step that other
// threads depend on and the classes explored are those of the algorithm alone.
#pragma once

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "specs/thread_index.h"

namespace lineup::verify {

/// A node's index in the pool (0: null) in the low 32 bits, its modification count above.
using Counted = uint64_t;

inline Counted counted(uint32_t index, uint32_t count) { return (uint64_t{count} << 32) | index; }
inline uint32_t index_of(Counted p) { return static_cast<uint32_t>(p); }
inline uint32_t count_of(Counted p) { return static_cast<uint32_t>(p >> 32); }

/// Accessed atomically through std::atomic_ref, so that the pool needs no construction: a
/// node is written by the thread that takes it before any other thread can reach it.
struct Node {
  alignas(8) uint64_t next;
  int32_t value;
};

inline uint64_t load(uint64_t& word) { return std::atomic_ref<uint64_t>(word).load(); }
inline void store(uint64_t& word, uint64_t v) { std::atomic_ref<uint64_t>(word).store(v); }
inline bool compare_exchange(uint64_t& word, uint64_t expected, uint64_t desired) {
  return std::atomic_ref<uint64_t>(word).compare_exchange_strong(expected, desired);
}
inline int32_t load(int32_t& word) { return std::atomic_ref<int32_t>(word).load(); }
inline void store(int32_t& word, int32_t v) { std::atomic_ref<int32_t>(word).store(v); }

class NodePool {
 public:
  /// Node 1, for a structure that starts with a dummy node (the MS queue).
  static constexpr uint32_t kFirstShared = 1;

  /// A node for the calling thread: one it freed earlier, else one of its own share.
  /// `recycled` says which: a recycled node's next still holds its count.
  uint32_t take(bool* recycled) {
    Local& l = local();
    *recycled = l.free_count > 0;
    if (*recycled) return l.free[--l.free_count];
    if (l.fresh == kPerThread) fail("more nodes than its share of the pool");
    return 2 + static_cast<uint32_t>(thread()) * kPerThread + l.fresh++;
  }
  /// Frees `index` into the calling thread's list (D19 of the MS queue, after a pop).
  void give(uint32_t index) {
    Local& l = local();
    if (l.free_count == kFreeCapacity) fail("a full free list");
    l.free[l.free_count++] = index;
  }
  Node& operator[](uint32_t index) { return nodes_[index]; }

 private:
  static constexpr int kMaxThreads = 16;
  static constexpr uint32_t kPerThread = 16;
  static constexpr uint32_t kFreeCapacity = 64;

  // Touched by its own thread only; a cache line each keeps threads' counters apart.
  struct alignas(64) Local {
    uint32_t fresh = 0;
    uint32_t free_count = 0;
    uint32_t free[kFreeCapacity];
  };

  static int thread() {
    const int t = specs::thread_index();
    if (t >= kMaxThreads) fail("more threads than the pool has shares");
    return t;
  }
  Local& local() { return locals_[thread()]; }
  [[noreturn]] static void fail(const char* what) {
    std::fprintf(stderr, "verify node pool: %s (at most %d threads, %u nodes each)\n", what,
                 kMaxThreads, kPerThread);
    std::abort();
  }

  Node nodes_[2 + kMaxThreads * kPerThread];
  Local locals_[kMaxThreads];
};

}  // namespace lineup::verify
