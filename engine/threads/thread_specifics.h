// pthread_getspecific / pthread_setspecific for controlled code: one table per context (each
// logical thread, and setup and teardown sharing the main one), empty at the start of every
// execution. Library state kept per thread under a pthread key (Boost.Thread's
// thread_specific_ptr) is thus per logical thread, and made afresh in each execution, like the
// heap it lives in.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "engine/threads/fibers.h"

namespace lineup::engine {

class ThreadSpecifics {
 public:
  /// Tables of the contexts of `fibers`; the running one is the one used.
  explicit ThreadSpecifics(const Fibers& fibers) : fibers_(fibers) {}
  ThreadSpecifics(const ThreadSpecifics&) = delete;
  ThreadSpecifics& operator=(const ThreadSpecifics&) = delete;

  /// Empties every table (a new execution).
  void clear();
  /// The running context's value for `key`; nullptr if it set none.
  void* get(unsigned key) const;
  /// Sets the running context's value for `key`. The table lives on the process heap, not
  /// the execution's, so that it survives the heap's reset.
  void set(unsigned key, uintptr_t value);

 private:
  const Fibers& fibers_;
  // [context]: logical thread t's at t, setup's and teardown's at kMainContext. Few keys are
  // in use: a linear search beats hashing.
  std::vector<std::pair<unsigned, uintptr_t>> tables_[kMaxThreads + 1];
  // The contexts whose table may be non-empty (bit c % 64 of word c / 64): a new execution
  // clears those, not all 65.
  uint64_t used_[2] = {0, 0};
};

}  // namespace lineup::engine
