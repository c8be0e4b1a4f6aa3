// Condition variables and block_until as engine operations: each is a transition, and a
// waiting thread is simply not enabled until its wait is over.
#include <cerrno>

#include "lineup/engine/execution.h"
#include "lineup/engine/runtime/modes.h"

namespace lineup::engine {

int Execution::cond_wait(uintptr_t cond, uintptr_t mutex, const Deadline* deadline, uintptr_t pc) {
  EngineSection engine;
  Transition wait = Transition::pending(Kind::kCondWait, cond, 1, pc);
  wait.aux = mutex;
  Transition& rec = step(wait);
  ThreadId me = rec.thread;
  if (!locks_.held_by(mutex, me)) {
    abort(Outcome::kCrash, "T" + std::to_string(me) +
                               " waits on a condition variable without holding its mutex, at " +
                               where(pc));
  }
  int depth = locks_.release_all(mutex);
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
  locks_.reacquire(mutex, me, depth);
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
