// The engine's model of condition variables: which logical threads wait on which condition
// variable, in what order, until when, and whether they have been woken. A waiting thread's
// wake-up step is enabled only once it is woken: by a signal (the oldest waiter) or a broadcast,
// or by a timeout, which the execution grants only when nothing else can run.
#pragma once

#include <cstdint>

#include "engine/transition.h"
#include "engine/virtual_clock.h"

namespace lineup::engine {

class Execution;

class ConditionVariables {
 public:
  /// Condition variables of `execution`, whose steps and locks the operations below use.
  explicit ConditionVariables(Execution& execution) : execution_(execution) {}
  ConditionVariables(const ConditionVariables&) = delete;
  ConditionVariables& operator=(const ConditionVariables&) = delete;

  // --- Operations of controlled code (pthread_interpose.cpp); each takes steps ----------

  /// pthread_cond_wait: releases `mutex` (which the caller must hold, else the execution stops
  /// as a crash), waits until woken, and takes `mutex` back at its former depth. Returns 0
  /// when signalled; with a `deadline`, ETIMEDOUT when woken because nothing else could run,
  /// the virtual clock then moved to the deadline.
  int wait(uintptr_t cond, uintptr_t mutex, const Deadline* deadline, uintptr_t pc);
  /// pthread_cond_signal (the oldest waiter on `cond` wakes) or pthread_cond_broadcast (every
  /// waiter on it wakes). Returns 0.
  int signal(uintptr_t cond, bool broadcast, uintptr_t pc);

  // --- For the execution ------------------------------------------------------------------

  /// Threads [0, thread_count) start with no wait; the order of waits starts afresh.
  void reset(int thread_count);
  /// Whether thread `t`, waiting, has been woken (its wake-up step is enabled). On the
  /// scheduler's path, hence inline.
  bool woken(ThreadId t) const { return waiters_[t].woken; }
  /// When nothing else can run: wakes, as timed out, the timed wait with the earliest
  /// deadline (the oldest of those). Returns that deadline, which the clock must move to, or
  /// nullptr if no timed wait is waiting.
  const Deadline* time_out_first(const VirtualClock& clock);

 private:
  struct Waiter {
    bool waiting = false;    // between the wait's release of the mutex and its wake-up step
    bool timed = false;      // the wait has a deadline
    bool woken = false;      // signalled, or timed out
    bool timed_out = false;  // woken by time_out_first
    uintptr_t cond = 0;      // what it waits on, while waiting
    uint64_t seq = 0;        // the order waits started in: the oldest is woken first
    Deadline deadline;       // of a timed wait
  };

  Execution& execution_;
  int thread_count_ = 0;
  uint64_t last_seq_ = 0;
  Waiter waiters_[kMaxThreads];
};

}  // namespace lineup::engine
