// Iterative context bounding (CHESS; Musuvathi & Qadeer 2007, Algorithm 1): every execution with at
// most c preemptions, for c = 0, 1, 2, ..., each explored exactly once, those with fewer
// preemptions first. No partial-order reduction. With no bound it is the brute-force enumeration of
// every interleaving that tests compare the other strategies against.
#pragma once

#include <deque>
#include <vector>

#include "engine/strategy/search_tree.h"
#include "engine/strategy/strategy.h"

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
  int preemptions() const { return tree_.empty() ? 0 : tree_.back().data.after; }

 private:
  // A node's backtrack set holds the choices not yet explored within the current bound.
  struct Data {
    int before = 0;  // preemptions before this node's choice
    int after = 0;   // ... and including it
  };
  using Node = SearchNode<Data>;
  // A prefix whose last choice would exceed the current bound: explored at the next level.
  struct Deferred {
    std::vector<ThreadId> choices;
    int preemptions = 0;
  };
  static int cost(const Node& n, ThreadId t) {
    return n.previous_enabled() && t != n.previous ? 1 : 0;
  }

  int max_bound_;
  int bound_ = 0;
  int bound_completed_ = -1;
  bool started_ = false, has_next_ = true;
  // Nodes of a deferred prefix are a floor, never backed up into.
  SearchTree<Data> tree_{SleepSets::kExplicit};
  std::deque<Deferred> this_level_, next_level_;
};

}  // namespace lineup::engine
