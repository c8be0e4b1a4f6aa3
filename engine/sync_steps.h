// Synchronisation operations of controlled code as steps of the execution: mutexes, rwlocks and
// spin locks (each operation one step on the lock's address), condition variables (a wait is
// three steps: release the mutex and start waiting; wake up, enabled once woken; take the mutex
// back; a signal is one) and block_until (one step, enabled once its predicate holds). Each
// step is taken first; the tables of engine/waiting/ record its effect afterwards.
#pragma once

#include <cstdint>

#include "engine/transition.h"
#include "engine/waiting/virtual_clock.h"

namespace lineup::engine {

class Execution;

/// The operations above on `execution`, the one running controlled code (pthread_interpose.cpp,
/// futex_interpose.cpp, control.cpp make one for each call: it holds only the reference).
class SyncSteps {
 public:
  explicit SyncSteps(Execution& execution) : execution_(execution) {}

  /// Acquires mutex (or spin lock) `m`; the step is taken once the lock is free, or already
  /// the caller's when `recursive`. Returns 0.
  int mutex_lock(uintptr_t m, bool recursive, uintptr_t pc);
  /// Acquires `m` if that needs no waiting; EBUSY (the step marked failed) otherwise.
  int mutex_trylock(uintptr_t m, bool recursive, uintptr_t pc);
  /// Releases one level of the caller's hold on `m`; stops the execution as a crash if the
  /// caller does not hold it. Returns 0.
  int mutex_unlock(uintptr_t m, uintptr_t pc);
  /// Takes the read side of rwlock `m`, waiting while a writer holds it unless `try_only`
  /// (then EBUSY when it does).
  int rwlock_rdlock(uintptr_t m, bool try_only, uintptr_t pc);
  /// Takes the write side of `m`, waiting while anyone holds it unless `try_only` (then EBUSY).
  int rwlock_wrlock(uintptr_t m, bool try_only, uintptr_t pc);
  /// Releases the caller's write hold on `m`, else one read hold; a crash if there is neither.
  int rwlock_unlock(uintptr_t m, uintptr_t pc);

  /// pthread_cond_wait: releases `mutex` (which the caller must hold, else the execution stops
  /// as a crash), waits until woken, and takes `mutex` back at its former depth. Returns 0
  /// when signalled; with a `deadline`, ETIMEDOUT when woken because nothing else could run,
  /// the virtual clock then moved to the deadline.
  int cond_wait(uintptr_t cond, uintptr_t mutex, const Deadline* deadline, uintptr_t pc);
  /// pthread_cond_signal (the oldest waiter on `cond` wakes) or pthread_cond_broadcast (every
  /// waiter on it wakes). Returns 0.
  int cond_signal(uintptr_t cond, bool broadcast, uintptr_t pc);

  /// Blocks the current thread until `pred(arg)` holds: one step, enabled when it does.
  /// `word`, when not 0, is the memory the predicate watches (a futex word), for reports.
  void block_until(bool (*pred)(void*), void* arg, uintptr_t pc, uintptr_t word = 0);

 private:
  /// Stops the execution as a crash: thread `t` released `what` it does not hold, at `pc`.
  [[noreturn]] void unheld(ThreadId t, const char* what, uintptr_t pc);

  Execution& execution_;
};

}  // namespace lineup::engine
