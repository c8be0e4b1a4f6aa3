// Condition-variable operations as steps of the execution: a wait is three steps (release the
// mutex and start waiting; wake up, enabled once woken; take the mutex back), a signal one.
#include "engine/condition_variables.h"

#include <cerrno>
#include <string>
#include <utility>

#include "engine/execution.h"
#include "engine/modes.h"

namespace lineup::engine {

void ConditionVariables::reset(int thread_count) {
  thread_count_ = thread_count;
  last_seq_ = 0;
  for (int t = 0; t < thread_count; ++t) waiters_[t] = Waiter{};
}

int ConditionVariables::wait(uintptr_t cond, uintptr_t mutex, const Deadline* deadline,
                             uintptr_t pc) {
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
  int depth = locks.release_all(mutex);
  Waiter& self = waiters_[me];
  self.waiting = true;
  self.cond = cond;
  self.woken = self.timed_out = false;
  self.seq = ++last_seq_;
  self.timed = deadline != nullptr;
  Transition wake = Transition::pending(Kind::kCondWake, cond, 1, pc);
  if (deadline != nullptr) {
    wake.flags |= kTimed;
    self.deadline = *deadline;
  }
  execution_.step(wake);  // enabled once signalled, or when a timed wait times out
  bool timed_out = self.timed_out;
  self.waiting = self.woken = self.timed_out = false;
  execution_.step(Transition::pending(Kind::kLock, mutex, 1, pc));
  locks.reacquire(mutex, me, depth);
  return timed_out ? ETIMEDOUT : 0;
}

int ConditionVariables::signal(uintptr_t cond, bool broadcast, uintptr_t pc) {
  EngineSection engine;
  Transition t = Transition::pending(Kind::kCondSignal, cond, 1, pc);
  if (broadcast) t.flags |= kBroadcast;
  execution_.step(t);
  Waiter* oldest = nullptr;
  for (int u = 0; u < thread_count_; ++u) {
    Waiter& w = waiters_[u];
    if (!w.waiting || w.woken || w.cond != cond) continue;
    if (broadcast) {
      w.woken = true;
    } else if (oldest == nullptr || w.seq < oldest->seq) {
      oldest = &w;
    }
  }
  if (oldest != nullptr) oldest->woken = true;
  return 0;
}

const Deadline* ConditionVariables::time_out_first(const VirtualClock& clock) {
  Waiter* first = nullptr;
  std::pair<int64_t, uint64_t> first_key;  // (time left, seq): the smallest times out
  for (int t = 0; t < thread_count_; ++t) {
    Waiter& w = waiters_[t];
    if (!w.waiting || !w.timed || w.woken) continue;
    std::pair<int64_t, uint64_t> key{clock.remaining_ns(w.deadline), w.seq};
    if (first == nullptr || key < first_key) {
      first = &w;
      first_key = key;
    }
  }
  if (first == nullptr) return nullptr;
  first->woken = first->timed_out = true;
  return &first->deadline;
}

}  // namespace lineup::engine
