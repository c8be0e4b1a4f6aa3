// __cxa_thread_atexit_impl for controlled code: the functions to run when a context ends
// (thread_local destructors), kept per context: each logical thread, and setup and teardown
// sharing the main one.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "engine/threads/fibers.h"

namespace lineup::engine {

class ThreadExits {
 public:
  /// Exit functions of the contexts of `fibers`; the running one is the one used.
  explicit ThreadExits(const Fibers& fibers) : fibers_(fibers) {}
  ThreadExits(const ThreadExits&) = delete;
  ThreadExits& operator=(const ThreadExits&) = delete;

  /// Forgets every registered function (a new execution).
  void clear();
  /// Registers `fn(obj)` to run when the running context ends (see run).
  void add(void (*fn)(void*), void* obj);
  /// Runs the running context's functions, last registered first, like a real thread's
  /// thread_local destructors; those registered meanwhile run too. False if one threw (the
  /// message in `error`; the rest are then left unrun).
  bool run(std::string& error);

 private:
  const Fibers& fibers_;
  // [context]: logical thread t's at t, setup's and teardown's at kMainContext.
  std::vector<std::pair<void (*)(void*), void*>> exits_[kMaxThreads + 1];
  // The contexts whose list may be non-empty (bit c % 64 of word c / 64): a new execution
  // clears those, not all 65.
  uint64_t used_[2] = {0, 0};
};

}  // namespace lineup::engine
