#include "lineup/engine/strategy/icb.h"

#include <bit>
#include <climits>

namespace lineup::engine {

IcbStrategy::IcbStrategy(int max_bound) : max_bound_(max_bound) {
  bound_ = max_bound < 0 ? INT_MAX : 0;
}

bool IcbStrategy::begin_execution() {
  started_ = true;
  return has_next_;
}

Decision IcbStrategy::next_thread(const SchedulingPoint& point) {
  size_t k = point.step;
  if (k < stack_.size()) {
    ThreadId t = stack_[k].chosen;
    return point.is_enabled(t) ? Decision::run(t) : Decision::stop();
  }
  Node n;
  n.before = k == 0 ? 0 : stack_[k - 1].after;
  n.previous = point.previous;
  n.previous_enabled = n.previous != kNoThread && point.is_enabled(n.previous);
  uint64_t alternatives = point.enabled;
  if (n.previous_enabled) {
    n.chosen = n.previous;
    alternatives &= ~(uint64_t{1} << n.previous);
    // Each alternative is a preemption: explored now if the bound allows, else deferred to
    // the level of its preemption count, so no execution is explored twice.
    if (n.before + 1 <= bound_) {
      n.todo = alternatives;
    } else if (max_bound_ < 0 || n.before + 1 <= max_bound_) {
      for (uint64_t m = alternatives; m != 0; m &= m - 1) {
        Deferred d;
        for (const Node& s : stack_) d.choices.push_back(s.chosen);
        d.choices.push_back(std::countr_zero(m));
        d.preemptions = n.before + 1;
        next_level_.push_back(std::move(d));
      }
    }
  } else {
    n.chosen = std::countr_zero(alternatives);
    n.todo = alternatives & (alternatives - 1);
  }
  n.after = n.before + cost(n, n.chosen);
  stack_.push_back(n);
  return Decision::run(n.chosen);
}

bool IcbStrategy::next_from_stack() {
  while (stack_.size() > floor_) {
    Node& top = stack_.back();
    if (top.todo != 0) {
      top.chosen = std::countr_zero(top.todo);
      top.todo &= top.todo - 1;
      top.after = top.before + cost(top, top.chosen);
      return true;
    }
    stack_.pop_back();
  }
  return false;
}

Coverage IcbStrategy::coverage() const {
  Coverage c;
  c.bound_completed = bound_completed_;
  return c;
}

void IcbStrategy::end_execution(const ExecutionResult&) {
  if (next_from_stack()) return;
  for (;;) {
    if (this_level_.empty()) {
      bound_completed_ = bound_;
      if (next_level_.empty() || bound_ == max_bound_) {
        has_next_ = false;
        return;
      }
      ++bound_;
      this_level_.swap(next_level_);
    }
    Deferred d = std::move(this_level_.front());
    this_level_.pop_front();
    stack_.clear();
    for (ThreadId t : d.choices) {
      Node fixed;
      fixed.chosen = t;
      fixed.before = fixed.after = d.preemptions;
      stack_.push_back(fixed);
    }
    floor_ = stack_.size();
    has_next_ = true;
    return;
  }
}

}  // namespace lineup::engine
