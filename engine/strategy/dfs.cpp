#include "engine/strategy/dfs.h"

#include <bit>

namespace lineup::engine {

DfsStrategy::DfsStrategy(int preemption_bound, int stale_bound)
    : preemption_bound_(preemption_bound),
      stale_bound_(stale_bound),
      bound_(preemption_bound < 0 ? -1 : 0) {}

bool DfsStrategy::begin_execution() {
  depth_ = 0;
  reason_.clear();
  return !done_;
}

int DfsStrategy::cost(const Node& n, uint32_t pick) const {
  if (!n.thread) return pick + 1 == n.options ? 0 : 1;
  bool previous_enabled = n.previous != kNoThread && ((n.options >> n.previous) & 1);
  return previous_enabled && static_cast<ThreadId>(pick) != n.previous ? 1 : 0;
}

bool DfsStrategy::within(const Node& n, uint32_t pick) const {
  int c = cost(n, pick);
  if (n.thread) return bound_ < 0 || n.preemptions + c <= bound_;
  return stale_bound_ < 0 || n.stale + c <= stale_bound_;
}

DfsStrategy::Node* DfsStrategy::replayed(bool thread) {
  if (depth_ >= path_.size()) return nullptr;
  Node* n = &path_[depth_];
  if (n->thread != thread) {
    reason_ = "replayed prefix diverged at decision " + std::to_string(depth_);
    return n;
  }
  return n;
}

Decision DfsStrategy::next_thread(const SchedulingPoint& point) {
  if (Node* n = replayed(true)) {
    if (!reason_.empty() || !point.is_enabled(static_cast<ThreadId>(n->chosen))) {
      if (reason_.empty())
        reason_ = "replayed prefix diverged at step " + std::to_string(point.step);
      return Decision::stop();
    }
    ++depth_;
    return Decision::run(static_cast<ThreadId>(n->chosen));
  }
  Node n;
  n.thread = true;
  n.options = point.enabled;
  n.previous = point.previous;
  if (!path_.empty()) {
    const Node& before = path_.back();
    n.preemptions = before.preemptions + (before.thread ? cost(before, before.chosen) : 0);
    n.stale = before.stale + (before.thread ? 0 : cost(before, before.chosen));
  }
  bool previous_enabled = n.previous != kNoThread && point.is_enabled(n.previous);
  n.chosen = static_cast<uint32_t>(previous_enabled ? n.previous : std::countr_zero(point.enabled));
  n.tried = uint64_t{1} << n.chosen;
  path_.push_back(n);
  ++depth_;
  return Decision::run(static_cast<ThreadId>(n.chosen));
}

uint32_t DfsStrategy::choose(const Choice& choice) {
  if (Node* n = replayed(false)) {
    if (!reason_.empty() || n->options != choice.options) {
      if (reason_.empty())
        reason_ = "replayed choice diverged at step " + std::to_string(choice.step);
      return choice.latest();  // the execution is discarded by end_execution
    }
    ++depth_;
    return n->chosen;
  }
  Node n;
  n.thread = false;
  n.options = choice.options;
  const Node& before = path_.back();  // a choice always follows its step's thread choice
  n.preemptions = before.preemptions + (before.thread ? cost(before, before.chosen) : 0);
  n.stale = before.stale + (before.thread ? 0 : cost(before, before.chosen));
  n.chosen = choice.latest();
  path_.push_back(n);
  ++depth_;
  return n.chosen;
}

void DfsStrategy::end_execution(const ExecutionResult&) {
  path_.resize(depth_ < path_.size() ? depth_ : path_.size());
  while (!path_.empty()) {
    Node& top = path_.back();
    if (top.thread) {
      for (uint64_t m = top.options & ~top.tried; m != 0; m &= m - 1) {
        auto t = static_cast<uint32_t>(std::countr_zero(m));
        top.tried |= uint64_t{1} << t;
        if (within(top, t)) {
          top.chosen = t;
          return;
        }
      }
    } else if (top.chosen > 0 && within(top, top.chosen - 1)) {
      --top.chosen;  // one store older, one place earlier
      return;
    }
    path_.pop_back();
  }
  bound_completed_ = bound_ < 0 ? Coverage::kExhaustive : bound_;
  if (bound_ >= 0 && bound_ < preemption_bound_) {
    ++bound_;  // the next pass, from the start
    return;
  }
  done_ = true;
}

Coverage DfsStrategy::coverage() const {
  Coverage c;
  c.bound_completed = bound_completed_;
  c.stale_bound = stale_bound_;
  return c;
}

}  // namespace lineup::engine
