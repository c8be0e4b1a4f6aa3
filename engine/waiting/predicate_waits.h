// Threads blocked until a condition of their own holds: futex waits (C++20 atomic waits,
// semaphores, latches, barriers; see runtime/futex_interpose.cpp) and block_until of
// engine/control.h. Each waiting thread registers a predicate, which the scheduler
// evaluates to decide whether the thread's wake-up step is enabled.
#pragma once

#include <cstdint>

#include "engine/modes.h"
#include "engine/transition.h"

namespace lineup::engine {

class PredicateWaits {
 public:
  PredicateWaits() = default;
  PredicateWaits(const PredicateWaits&) = delete;
  PredicateWaits& operator=(const PredicateWaits&) = delete;

  /// Thread `t` waits until `pred(arg)` holds (its wait step, engine/sync_steps.h, is next).
  void set(ThreadId t, bool (*pred)(void*), void* arg) { waits_[t] = Wait{pred, arg}; }
  /// Whether waiting thread `t`'s predicate holds now. The predicate reads controlled memory
  /// as the engine, so nothing it does is a step. On the scheduler's path, hence inline.
  bool satisfied(ThreadId t) const {
    EngineSection engine;
    return waits_[t].pred(waits_[t].arg);
  }

 private:
  struct Wait {
    bool (*pred)(void*) = nullptr;
    void* arg = nullptr;
  };

  // Written by block_until before the thread's wait step, so never read stale.
  Wait waits_[kMaxThreads];
};

}  // namespace lineup::engine
