// The engine's model of condition variables: which logical threads wait on which condition
// variable, in what order, until when, and whether they have been woken. A waiting thread's
// wake-up step is enabled only once it is woken: by a signal (the oldest waiter) or a broadcast,
// or by a timeout, which the execution grants only when nothing else can run. The steps of a
// wait and a signal are in engine/sync_steps.h.
#pragma once

#include <cstdint>

#include "engine/transition.h"
#include "engine/waiting/virtual_clock.h"

namespace lineup::engine {

class ConditionVariables {
 public:
  ConditionVariables() = default;
  ConditionVariables(const ConditionVariables&) = delete;
  ConditionVariables& operator=(const ConditionVariables&) = delete;

  // --- For the condition-variable steps (sync_steps.cpp) ----------------------------------

  /// Thread `t` starts waiting on `cond` (it has released the mutex), until `deadline` if not
  /// nullptr; it is the newest waiter.
  void start_wait(ThreadId t, uintptr_t cond, const Deadline* deadline);
  /// Thread `t`'s wake-up step was taken: it waits no more. Whether it timed out.
  bool end_wait(ThreadId t);
  /// A signal (the oldest waiter on `cond` is woken) or a broadcast (every waiter on it).
  void wake(uintptr_t cond, bool broadcast);

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

  int thread_count_ = 0;
  uint64_t last_seq_ = 0;
  Waiter waiters_[kMaxThreads];
};

}  // namespace lineup::engine
