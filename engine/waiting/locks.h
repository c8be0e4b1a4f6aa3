// The engine's model of mutexes, rwlocks and spin locks: which logical thread holds each lock,
// how deeply, and how many readers share it. Controlled code never touches the real pthread
// objects: a fiber blocking on a real mutex held by another fiber would hang the OS thread.
// Instead each operation is a step on the lock's address (engine/sync_steps.h), which updates
// this table once taken, and a thread waiting for a held lock is simply not enabled (the
// scheduler asks can_lock / can_read_lock).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/transition.h"

namespace lineup::engine {

class Locks {
 public:
  Locks() = default;
  Locks(const Locks&) = delete;
  Locks& operator=(const Locks&) = delete;

  // --- After a lock step is taken (sync_steps.cpp) ------------------------------------------

  /// Thread `t` takes one more level of exclusive hold on `m` (its step waited until it could).
  void acquire(uintptr_t m, ThreadId t) {
    Lock& l = lock(m);
    l.owner = t;
    ++l.depth;
  }
  /// acquire() if thread `t` can hold `m` without waiting (`recursive`: a hold of its own is
  /// no obstacle); false, changing nothing, otherwise.
  bool try_acquire(uintptr_t m, ThreadId t, bool recursive);
  /// Releases one level of thread `t`'s exclusive hold on `m`; false if `t` does not hold it.
  bool release(uintptr_t m, ThreadId t);
  /// Takes the read side of `m` unless a writer holds it (then false).
  bool try_read(uintptr_t m);
  /// Takes the write side of `m` for thread `t` unless anyone holds it (then false).
  bool try_write(uintptr_t m, ThreadId t);
  /// Releases thread `t`'s write hold on `m`, else one read hold; false if there is neither.
  bool release_rw(uintptr_t m, ThreadId t);

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

  // Few locks are live at once: a linear search beats hashing.
  std::vector<Lock> locks_;
};

}  // namespace lineup::engine
