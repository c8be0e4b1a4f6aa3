#include "engine/strategy/serial.h"

#include <bit>

namespace lineup::engine {

Decision SerialStrategy::next_thread(const SchedulingPoint& point) {
  if (point.step == 0) boundary_ = 0;
  ThreadId prev = point.previous;
  if (prev != kNoThread && point.step > 0) {
    // The previous step's call: if it has not returned, that call is still running.
    int32_t call = point.trace->steps[point.step - 1].call;
    if (call >= 0 && !point.trace->calls[static_cast<size_t>(call)].completed) {
      if (!point.is_enabled(prev)) {
        reason_ = "T" + std::to_string(prev) +
                  " blocks inside a call that runs alone: the structure cannot run serially";
        return Decision::stop();
      }
      return Decision::run(prev);  // inside a call: no other thread may run
    }
  }
  // A call boundary: the choice point of the serial search.
  size_t b = boundary_++;
  if (b < choices_.size()) return Decision::run(choices_[b].chosen);
  Node n;
  n.chosen = std::countr_zero(point.enabled);
  n.todo = point.enabled & (point.enabled - 1);
  choices_.push_back(n);
  return Decision::run(n.chosen);
}

void SerialStrategy::end_execution(const ExecutionResult&) {
  choices_.resize(boundary_);
  while (!choices_.empty()) {
    Node& top = choices_.back();
    if (top.todo != 0) {
      top.chosen = std::countr_zero(top.todo);
      top.todo &= top.todo - 1;
      return;
    }
    choices_.pop_back();
  }
  has_next_ = false;
}

}  // namespace lineup::engine
