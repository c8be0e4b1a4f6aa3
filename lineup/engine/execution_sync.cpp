// Locks, condition variables and block_until as engine operations. Controlled code never
// touches the real pthread objects: a fiber blocking on a real mutex held by another fiber
// would hang the OS thread. Instead each operation is a transition on the lock's address and a
// thread waiting for a held lock is simply not enabled.
#include <cerrno>

#include "lineup/engine/execution.h"
#include "lineup/engine/runtime/modes.h"

namespace lineup::engine {

Execution::LockState& Execution::lock_state(uintptr_t addr) {
  for (LockState& l : locks_) {
    if (l.addr == addr) return l;
  }
  locks_.push_back({addr, kNoThread, 0, 0});
  return locks_.back();
}

void Execution::forget_lock(uintptr_t m) {
  for (size_t i = 0; i < locks_.size(); ++i) {
    if (locks_[i].addr == m) {
      locks_.erase(locks_.begin() + static_cast<long>(i));
      return;
    }
  }
}

int Execution::mutex_lock(uintptr_t m, bool recursive, uintptr_t pc) {
  EngineSection engine;
  Transition t = Transition::pending(Kind::kLock, m, 1, pc);
  if (recursive) t.flags |= kRecursive;
  Transition& rec = step(t);  // enabled only once the lock is free (or ours, if recursive)
  LockState& l = lock_state(m);
  l.writer = rec.thread;
  ++l.depth;
  return 0;
}

int Execution::mutex_trylock(uintptr_t m, bool recursive, uintptr_t pc) {
  EngineSection engine;
  Transition t = Transition::pending(Kind::kTryLock, m, 1, pc);
  if (recursive) t.flags |= kRecursive;
  Transition& rec = step(t);
  LockState& l = lock_state(m);
  bool ours = l.writer == rec.thread && recursive;
  if ((l.writer != kNoThread && !ours) || l.readers > 0) {
    rec.flags |= kFailed;
    return EBUSY;
  }
  l.writer = rec.thread;
  ++l.depth;
  return 0;
}

int Execution::mutex_unlock(uintptr_t m, uintptr_t pc) {
  EngineSection engine;
  Transition& rec = step(Transition::pending(Kind::kUnlock, m, 1, pc));
  LockState& l = lock_state(m);
  if (l.writer != rec.thread) {
    abort(Outcome::kCrash,
          "T" + std::to_string(rec.thread) + " unlocked a mutex it does not hold, at " + where(pc));
  }
  if (--l.depth == 0) l.writer = kNoThread;
  return 0;
}

int Execution::rwlock_rdlock(uintptr_t m, bool try_only, uintptr_t pc) {
  EngineSection engine;
  Transition& rec =
      step(Transition::pending(try_only ? Kind::kTryLock : Kind::kReadLock, m, 1, pc));
  LockState& l = lock_state(m);
  if (l.writer != kNoThread) {
    rec.flags |= kFailed;
    return EBUSY;
  }
  ++l.readers;
  return 0;
}

int Execution::rwlock_wrlock(uintptr_t m, bool try_only, uintptr_t pc) {
  EngineSection engine;
  Transition& rec = step(Transition::pending(try_only ? Kind::kTryLock : Kind::kLock, m, 1, pc));
  LockState& l = lock_state(m);
  if (l.writer != kNoThread || l.readers > 0) {
    rec.flags |= kFailed;
    return EBUSY;
  }
  l.writer = rec.thread;
  l.depth = 1;
  return 0;
}

int Execution::rwlock_unlock(uintptr_t m, uintptr_t pc) {
  EngineSection engine;
  Transition& rec = step(Transition::pending(Kind::kUnlock, m, 1, pc));
  LockState& l = lock_state(m);
  if (l.writer == rec.thread) {
    l.writer = kNoThread;
    l.depth = 0;
  } else if (l.readers > 0) {
    --l.readers;
  } else {
    abort(Outcome::kCrash, "T" + std::to_string(rec.thread) +
                               " unlocked a rwlock it does not hold, at " + where(pc));
  }
  return 0;
}

int Execution::cond_wait(uintptr_t cond, uintptr_t mutex, const Deadline* deadline, uintptr_t pc) {
  EngineSection engine;
  Transition wait = Transition::pending(Kind::kCondWait, cond, 1, pc);
  wait.aux = mutex;
  Transition& rec = step(wait);
  ThreadId me = rec.thread;
  LockState& l = lock_state(mutex);
  if (l.writer != me) {
    abort(Outcome::kCrash, "T" + std::to_string(me) +
                               " waits on a condition variable without holding its mutex, at " +
                               where(pc));
  }
  int depth = l.depth;
  l.writer = kNoThread;
  l.depth = 0;
  ThreadState& self = threads_[static_cast<size_t>(me)];
  self.woken = self.timed_out = false;
  self.wait_seq = ++wait_seq_;
  Transition wake = Transition::pending(Kind::kCondWake, cond, 1, pc);
  if (deadline != nullptr) {
    wake.flags |= kTimed;
    self.deadline = *deadline;
  }
  step(wake);  // enabled once signalled, or when a timed wait times out
  bool timed_out = self.timed_out;
  self.woken = self.timed_out = false;
  step(Transition::pending(Kind::kLock, mutex, 1, pc));
  LockState& again = lock_state(mutex);
  again.writer = me;
  again.depth = depth;
  return timed_out ? ETIMEDOUT : 0;
}

int Execution::cond_signal(uintptr_t cond, bool broadcast, uintptr_t pc) {
  EngineSection engine;
  Transition t = Transition::pending(Kind::kCondSignal, cond, 1, pc);
  if (broadcast) t.flags |= kBroadcast;
  step(t);
  // Waiters are those whose pending transition is the wake-up on this condition variable.
  ThreadState* oldest = nullptr;
  for (ThreadId u = 0; u < thread_count_; ++u) {
    ThreadState& s = threads_[static_cast<size_t>(u)];
    if (s.finished || s.woken || pending_[u].kind != Kind::kCondWake || pending_[u].addr != cond) {
      continue;
    }
    if (broadcast) {
      s.woken = true;
    } else if (oldest == nullptr || s.wait_seq < oldest->wait_seq) {
      oldest = &s;
    }
  }
  if (oldest != nullptr) oldest->woken = true;
  return 0;
}

void Execution::block_until(bool (*pred)(void*), void* arg, uintptr_t pc, uintptr_t word) {
  EngineSection engine;
  Transition t = Transition::pending(Kind::kAwait, word, 0, pc);
  t.aux = reinterpret_cast<uintptr_t>(arg);
  threads_[static_cast<size_t>(current_thread())].await_pred = pred;
  step(t);
}

void* Execution::thread_specific(unsigned key) const {
  for (const auto& [k, v] : specifics_[static_cast<size_t>(current_thread() + 1)]) {
    if (k == key) return reinterpret_cast<void*>(v);
  }
  return nullptr;
}

void Execution::set_thread_specific(unsigned key, uintptr_t value) {
  EngineSection engine;  // the table lives on the process heap, not the execution's
  auto& table = specifics_[static_cast<size_t>(current_thread() + 1)];
  for (auto& [k, v] : table) {
    if (k == key) {
      v = value;
      return;
    }
  }
  table.emplace_back(key, value);
}

}  // namespace lineup::engine
