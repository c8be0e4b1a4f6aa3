// Iterative context bounding (CHESS; seed 001, Algorithm 1): every execution with at most c
// preemptions, for c = 0, 1, 2, ..., each explored exactly once, those with fewer preemptions
// first. No partial-order reduction. With no bound it is the brute-force enumeration of every
// interleaving that tests compare the other strategies against.
#pragma once

#include <deque>
#include <vector>

#include "lineup/engine/strategy/strategy.h"

namespace lineup::engine {

/// A preemption is a switch away from a thread that could have continued; switching when the
/// running thread blocked or finished is free.
class IcbStrategy final : public Strategy {
 public:
  /// Explores every execution with at most `max_bound` preemptions; -1 explores every
  /// execution (depth-first, no bound).
  explicit IcbStrategy(int max_bound = -1);
  bool begin_execution() override;
  Decision next_thread(const SchedulingPoint& point) override;
  void end_execution(const ExecutionResult& result) override;
  std::string stop_reason() const override { return "replayed prefix diverged"; }

  /// The highest bound whose executions have all been explored (-1: none yet); exhaustive
  /// once every execution has been, without bound. Executions, not classes: no reduction.
  Coverage coverage() const override;
  /// The bound being explored now.
  int bound() const { return bound_; }
  /// Preemptions in the last execution.
  int preemptions() const { return stack_.empty() ? 0 : stack_.back().after; }

 private:
  struct Node {
    uint64_t todo = 0;  // choices not yet explored within the current bound
    ThreadId chosen = kNoThread;
    ThreadId previous = kNoThread;
    bool previous_enabled = false;
    int before = 0;  // preemptions before this node's choice
    int after = 0;   // ... and including it
  };
  // A prefix whose last choice would exceed the current bound: explored at the next level.
  struct Deferred {
    std::vector<ThreadId> choices;
    int preemptions = 0;
  };
  int cost(const Node& n, ThreadId t) const {
    return n.previous_enabled && t != n.previous ? 1 : 0;
  }
  bool next_from_stack();

  int max_bound_;
  int bound_ = 0;
  int bound_completed_ = -1;
  bool started_ = false, has_next_ = true;
  std::vector<Node> stack_;
  size_t floor_ = 0;  // nodes below are a deferred prefix, not backtracked over
  std::deque<Deferred> this_level_, next_level_;
};

}  // namespace lineup::engine
