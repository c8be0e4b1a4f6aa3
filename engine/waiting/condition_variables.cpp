// The table of condition-variable waiters, as the steps of waits and signals (sync_steps.cpp)
// and the execution's timeouts update it.
#include "engine/waiting/condition_variables.h"

#include <utility>

namespace lineup::engine {

void ConditionVariables::reset(int thread_count) {
  thread_count_ = thread_count;
  last_seq_ = 0;
  for (int t = 0; t < thread_count; ++t) waiters_[t] = Waiter{};
}

void ConditionVariables::start_wait(ThreadId t, uintptr_t cond, const Deadline* deadline) {
  Waiter& self = waiters_[t];
  self.waiting = true;
  self.cond = cond;
  self.woken = self.timed_out = false;
  self.seq = ++last_seq_;
  self.timed = deadline != nullptr;
  if (deadline != nullptr) self.deadline = *deadline;
}

bool ConditionVariables::end_wait(ThreadId t) {
  Waiter& self = waiters_[t];
  const bool timed_out = self.timed_out;
  self.waiting = self.woken = self.timed_out = false;
  return timed_out;
}

void ConditionVariables::wake(uintptr_t cond, bool broadcast) {
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
