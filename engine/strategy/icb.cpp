#include "engine/strategy/icb.h"

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
  if (tree_.replaying(point)) return tree_.replay(point);
  Node& n = tree_.grow(point);
  n.data.before = k == 0 ? 0 : tree_[k - 1].data.after;
  if (n.previous_enabled()) {
    n.choose(n.previous);
    uint64_t alternatives = n.enabled & ~thread_bit(n.previous);
    // Each alternative is a preemption: explored now if the bound allows, else deferred to
    // the level of its preemption count, so no execution is explored twice.
    if (n.data.before + 1 <= bound_) {
      n.add_backtrack(alternatives);
    } else if (max_bound_ < 0 || n.data.before + 1 <= max_bound_) {
      for (uint64_t m = alternatives; m != 0; m &= m - 1) {
        Deferred d;
        d.choices = tree_.choices();
        d.choices.back() = std::countr_zero(m);
        d.preemptions = n.data.before + 1;
        next_level_.push_back(std::move(d));
      }
    }
  } else {
    n.choose(std::countr_zero(n.enabled));
    n.add_backtrack(n.enabled);
  }
  n.data.after = n.data.before + cost(n, n.chosen);
  return Decision::run(n.chosen);
}

Coverage IcbStrategy::coverage() const {
  Coverage c;
  c.bound_completed = bound_completed_;
  return c;
}

void IcbStrategy::end_execution(const ExecutionResult&) {
  if (tree_.advance([](Node&) {})) {
    Node& top = tree_.back();
    top.data.after = top.data.before + cost(top, top.chosen);
    return;
  }
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
    tree_.restart(d.choices, {.before = d.preemptions, .after = d.preemptions});
    has_next_ = true;
    return;
  }
}

}  // namespace lineup::engine
