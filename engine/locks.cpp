// Lock operations as steps of the execution, and the lock table they update once the step is
// taken.
#include "engine/locks.h"

#include <cerrno>

#include "engine/execution.h"
#include "engine/modes.h"
#include "engine/step_inline.h"

namespace lineup::engine {

Locks::Lock& Locks::add(uintptr_t m) { return locks_.emplace_back(Lock{m, std::nullopt, 0, 0}); }

void Locks::forget(uintptr_t m) {
  for (size_t i = 0; i < locks_.size(); ++i) {
    if (locks_[i].addr == m) {
      locks_.erase(locks_.begin() + static_cast<long>(i));
      return;
    }
  }
}

int Locks::release_all(uintptr_t m) {
  Lock& l = lock(m);
  int depth = l.depth;
  l.owner.reset();
  l.depth = 0;
  return depth;
}

void Locks::reacquire(uintptr_t m, ThreadId t, int depth) {
  Lock& l = lock(m);
  l.owner = t;
  l.depth = depth;
}

std::string Locks::describe_holders(uintptr_t m) const {
  std::string out;
  for (const Lock& l : locks_) {
    if (l.addr == m && l.owner) out += " held by T" + std::to_string(*l.owner);
    if (l.addr == m && l.readers > 0) out += " read-held";
  }
  return out;
}

int Locks::mutex_lock(uintptr_t m, bool recursive, uintptr_t pc) {
  EngineSection engine;
  Transition t = Transition::pending(Kind::kLock, m, 1, pc);
  if (recursive) t.flags |= kRecursive;
  Transition& rec = execution_.step_inline(t);  // enabled only once the lock is free (or ours)
  Lock& l = lock(m);
  l.owner = rec.thread;
  ++l.depth;
  return 0;
}

int Locks::mutex_trylock(uintptr_t m, bool recursive, uintptr_t pc) {
  EngineSection engine;
  Transition t = Transition::pending(Kind::kTryLock, m, 1, pc);
  if (recursive) t.flags |= kRecursive;
  Transition& rec = execution_.step(t);
  Lock& l = lock(m);
  bool ours = l.owner == rec.thread && recursive;
  if ((l.owner && !ours) || l.readers > 0) {
    rec.flags |= kFailed;
    return EBUSY;
  }
  l.owner = rec.thread;
  ++l.depth;
  return 0;
}

int Locks::mutex_unlock(uintptr_t m, uintptr_t pc) {
  EngineSection engine;
  Transition& rec = execution_.step_inline(Transition::pending(Kind::kUnlock, m, 1, pc));
  Lock& l = lock(m);
  if (l.owner != rec.thread) {
    execution_.abort(Outcome::kCrash, "T" + std::to_string(rec.thread) +
                                          " unlocked a mutex it does not hold, at " +
                                          execution_.where(pc));
  }
  if (--l.depth == 0) l.owner.reset();
  return 0;
}

int Locks::rwlock_rdlock(uintptr_t m, bool try_only, uintptr_t pc) {
  EngineSection engine;
  Transition& rec =
      execution_.step(Transition::pending(try_only ? Kind::kTryLock : Kind::kReadLock, m, 1, pc));
  Lock& l = lock(m);
  if (l.owner) {
    rec.flags |= kFailed;
    return EBUSY;
  }
  ++l.readers;
  return 0;
}

int Locks::rwlock_wrlock(uintptr_t m, bool try_only, uintptr_t pc) {
  EngineSection engine;
  Transition& rec =
      execution_.step(Transition::pending(try_only ? Kind::kTryLock : Kind::kLock, m, 1, pc));
  Lock& l = lock(m);
  if (l.owner || l.readers > 0) {
    rec.flags |= kFailed;
    return EBUSY;
  }
  l.owner = rec.thread;
  l.depth = 1;
  return 0;
}

int Locks::rwlock_unlock(uintptr_t m, uintptr_t pc) {
  EngineSection engine;
  Transition& rec = execution_.step(Transition::pending(Kind::kUnlock, m, 1, pc));
  Lock& l = lock(m);
  if (l.owner == rec.thread) {
    l.owner.reset();
    l.depth = 0;
  } else if (l.readers > 0) {
    --l.readers;
  } else {
    execution_.abort(Outcome::kCrash, "T" + std::to_string(rec.thread) +
                                          " unlocked a rwlock it does not hold, at " +
                                          execution_.where(pc));
  }
  return 0;
}

}  // namespace lineup::engine
