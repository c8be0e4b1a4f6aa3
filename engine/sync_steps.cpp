#include "engine/sync_steps.h"

#include <cerrno>
#include <string>

#include "engine/execution.h"
#include "engine/modes.h"
#include "engine/step_inline.h"

namespace lineup::engine {
namespace {

// A try that found the lock taken: its step is marked failed.
int busy(Transition& rec) {
  rec.flags |= kFailed;
  return EBUSY;
}

}  // namespace

int SyncSteps::mutex_lock(uintptr_t m, bool recursive, uintptr_t pc) {
  EngineSection engine;
  Transition t = Transition::pending(Kind::kLock, m, 1, pc);
  if (recursive) t.flags |= kRecursive;
  Transition& rec = execution_.step_inline(t);  // enabled only once the lock is free (or ours)
  execution_.locks().acquire(m, rec.thread);
  return 0;
}

int SyncSteps::mutex_trylock(uintptr_t m, bool recursive, uintptr_t pc) {
  EngineSection engine;
  Transition t = Transition::pending(Kind::kTryLock, m, 1, pc);
  if (recursive) t.flags |= kRecursive;
  Transition& rec = execution_.step(t);
  return execution_.locks().try_acquire(m, rec.thread, recursive) ? 0 : busy(rec);
}

int SyncSteps::mutex_unlock(uintptr_t m, uintptr_t pc) {
  EngineSection engine;
  Transition& rec = execution_.step_inline(Transition::pending(Kind::kUnlock, m, 1, pc));
  if (!execution_.locks().release(m, rec.thread)) unheld(rec.thread, "a mutex", pc);
  return 0;
}

int SyncSteps::rwlock_rdlock(uintptr_t m, bool try_only, uintptr_t pc) {
  EngineSection engine;
  Transition& rec =
      execution_.step(Transition::pending(try_only ? Kind::kTryLock : Kind::kReadLock, m, 1, pc));
  return execution_.locks().try_read(m) ? 0 : busy(rec);
}

int SyncSteps::rwlock_wrlock(uintptr_t m, bool try_only, uintptr_t pc) {
  EngineSection engine;
  Transition& rec =
      execution_.step(Transition::pending(try_only ? Kind::kTryLock : Kind::kLock, m, 1, pc));
  return execution_.locks().try_write(m, rec.thread) ? 0 : busy(rec);
}

int SyncSteps::rwlock_unlock(uintptr_t m, uintptr_t pc) {
  EngineSection engine;
  Transition& rec = execution_.step(Transition::pending(Kind::kUnlock, m, 1, pc));
  if (!execution_.locks().release_rw(m, rec.thread)) unheld(rec.thread, "a rwlock", pc);
  return 0;
}

int SyncSteps::cond_wait(uintptr_t cond, uintptr_t mutex, const Deadline* deadline, uintptr_t pc) {
  EngineSection engine;
  Transition start = Transition::pending(Kind::kCondWait, cond, 1, pc);
  start.aux = mutex;
  Transition& rec = execution_.step(start);
  ThreadId me = rec.thread;
  Locks& locks = execution_.locks();
  if (!locks.held_by(mutex, me)) {
    execution_.abort(Outcome::kCrash,
                     "T" + std::to_string(me) +
                         " waits on a condition variable without holding its mutex, at " +
                         execution_.where(pc));
  }
  execution_.note_wait_site(pc);
  int depth = locks.release_all(mutex);
  ConditionVariables& waiters = execution_.condition_variables();
  waiters.start_wait(me, cond, deadline);
  Transition wake = Transition::pending(Kind::kCondWake, cond, 1, pc);
  if (deadline != nullptr) wake.flags |= kTimed;
  execution_.step(wake);  // enabled once signalled, or when a timed wait times out
  bool timed_out = waiters.end_wait(me);
  execution_.step(Transition::pending(Kind::kLock, mutex, 1, pc));
  locks.reacquire(mutex, me, depth);
  return timed_out ? ETIMEDOUT : 0;
}

int SyncSteps::cond_signal(uintptr_t cond, bool broadcast, uintptr_t pc) {
  EngineSection engine;
  Transition t = Transition::pending(Kind::kCondSignal, cond, 1, pc);
  if (broadcast) t.flags |= kBroadcast;
  execution_.step(t);
  execution_.condition_variables().wake(cond, broadcast);
  return 0;
}

void SyncSteps::block_until(bool (*pred)(void*), void* arg, uintptr_t pc, uintptr_t word) {
  EngineSection engine;
  Transition t = Transition::pending(Kind::kAwait, word, 0, pc);
  t.aux = reinterpret_cast<uintptr_t>(arg);
  execution_.predicate_waits().set(execution_.current_thread(), pred, arg);
  execution_.note_wait_site(pc);
  execution_.step(t);
}

void SyncSteps::unheld(ThreadId t, const char* what, uintptr_t pc) {
  execution_.abort(Outcome::kCrash, "T" + std::to_string(t) + " unlocked " + what +
                                        " it does not hold, at " + execution_.where(pc));
}

}  // namespace lineup::engine
