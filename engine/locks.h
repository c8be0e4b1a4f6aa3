// The engine's model of mutexes, rwlocks and spin locks: which logical thread holds each lock,
// how deeply, and how many readers share it. Controlled code never touches the real pthread
// objects: a fiber blocking on a real mutex held by another fiber would hang the OS thread.
// Instead each operation is a step on the lock's address, and a thread waiting for a held lock
// is simply not enabled (the scheduler asks can_lock / can_read_lock).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/transition.h"

namespace lineup::engine {

class Execution;

class Locks {
 public:
  /// Locks of `execution`, whose steps the operations below take.
  explicit Locks(Execution& execution) : execution_(execution) {}
  Locks(const Locks&) = delete;
  Locks& operator=(const Locks&) = delete;

  // --- Operations of controlled code (pthread_interpose.cpp); each is a step ----------------

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

  // --- For the execution and condition variables ---------------------------------------

  /// Forgets every lock (a new execution starts with none held).
  void clear() { locks_.clear(); }
  /// Forgets the state of destroyed lock `m`.
  void forget(uintptr_t m);
  /// Whether thread `t` can acquire `m` exclusively now: nobody holds it, or `t` does and the
  /// lock is `recursive`. On the scheduler's path, hence inline.
  bool can_lock(uintptr_t m, ThreadId t, bool recursive) const {
    for (const Lock& l : locks_) {
      if (l.addr != m) continue;
      if (l.owner == t) return recursive;
      return !l.owner && l.readers == 0;
    }
    return true;
  }
  /// Whether the read side of `m` can be taken now: no writer holds it.
  bool can_read_lock(uintptr_t m) const {
    for (const Lock& l : locks_) {
      if (l.addr == m) return !l.owner;
    }
    return true;
  }
  /// Whether thread `t` holds `m` exclusively.
  bool held_by(uintptr_t m, ThreadId t) { return lock(m).owner == t; }
  /// Releases `m` completely, whatever the recursion depth; returns that depth, for
  /// reacquire. The caller must hold it (held_by).
  int release_all(uintptr_t m);
  /// Gives `m` back to thread `t` at `depth` (the end of a condition-variable wait, whose
  /// step waited for the lock to be free).
  void reacquire(uintptr_t m, ThreadId t, int depth);
  /// " held by T<n>" and/or " read-held" as `m` is, for deadlock reports.
  std::string describe_holders(uintptr_t m) const;

 private:
  struct Lock {
    uintptr_t addr = 0;
    std::optional<ThreadId> owner;  // the exclusive holder, if any
    int depth = 0;                  // recursion depth of the owner
    int readers = 0;
  };

  /// The state of `m`, made (free) on first use. Inline, at every lock step; the first use
  /// goes out of line.
  Lock& lock(uintptr_t m) {
    for (Lock& l : locks_) {
      if (l.addr == m) return l;
    }
    return add(m);
  }
  Lock& add(uintptr_t m);

  Execution& execution_;
  // Few locks are live at once: a linear search beats hashing.
  std::vector<Lock> locks_;
};

}  // namespace lineup::engine
