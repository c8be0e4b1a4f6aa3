// The lock table, as the lock steps (sync_steps.cpp) update it once taken.
#include "engine/waiting/locks.h"

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

bool Locks::try_acquire(uintptr_t m, ThreadId t, bool recursive) {
  Lock& l = lock(m);
  bool ours = l.owner == t && recursive;
  if ((l.owner && !ours) || l.readers > 0) return false;
  l.owner = t;
  ++l.depth;
  return true;
}

bool Locks::release(uintptr_t m, ThreadId t) {
  Lock& l = lock(m);
  if (l.owner != t) return false;
  if (--l.depth == 0) l.owner.reset();
  return true;
}

bool Locks::try_read(uintptr_t m) {
  Lock& l = lock(m);
  if (l.owner) return false;
  ++l.readers;
  return true;
}

bool Locks::try_write(uintptr_t m, ThreadId t) {
  Lock& l = lock(m);
  if (l.owner || l.readers > 0) return false;
  l.owner = t;
  l.depth = 1;
  return true;
}

bool Locks::release_rw(uintptr_t m, ThreadId t) {
  Lock& l = lock(m);
  if (l.owner == t) {
    l.owner.reset();
    l.depth = 0;
  } else if (l.readers > 0) {
    --l.readers;
  } else {
    return false;
  }
  return true;
}

}  // namespace lineup::engine
