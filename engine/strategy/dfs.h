// Bounded depth-first search over every execution, branching both on the thread that runs at
// each scheduling point and on every memory-model choice (c11 mode: which store a load reads,
// where a store goes in modification order). The systematic strategy of c11 mode, alone or as the
// portfolio's systematic part: the search tree of ICB and DPOR has one node per step and branches
// on threads only, and their reductions assume that a step's effect is fixed by the interleaving,
// which a read choice breaks. Two bounds, each optional: preemptions (a switch away from a thread
// that could go on, as in ICB) and stale choices (any option other than the SC one costs 1). No
// partial- order reduction. With a preemption bound the search deepens as ICB does (bound 0, then
// 1,
// ...), so that executions with few preemptions come first and each completed bound can be
// claimed; it is simpler than ICB's deferred prefixes: each pass re-runs the executions of
// the passes before it.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/strategy/strategy.h"

namespace lineup::engine {

class DfsStrategy final : public Strategy {
 public:
  /// -1 for either bound: unbounded.
  explicit DfsStrategy(int preemption_bound = -1, int stale_bound = -1);
  bool begin_execution() override;
  Decision next_thread(const SchedulingPoint& point) override;
  uint32_t choose(const Choice& choice) override;
  void end_execution(const ExecutionResult& result) override;
  std::string stop_reason() const override { return reason_; }
  /// The highest preemption bound completed (within the stale bound), as ICB's.
  Coverage coverage() const override;

 private:
  struct Node {
    bool thread = true;    // a thread choice, else a memory-model choice
    uint64_t options = 0;  // thread: the enabled threads; memory: how many options
    uint64_t tried = 0;    // thread: the threads tried
    ThreadId previous = kNoThread;
    uint32_t chosen = 0;             // the thread, or the option
    int preemptions = 0, stale = 0;  // before this node's choice
  };
  int cost(const Node& n, uint32_t pick) const;
  bool within(const Node& n, uint32_t pick) const;
  // The node for the next decision: replayed from the path, or new.
  Node* replayed(bool thread);

  int preemption_bound_, stale_bound_;
  int bound_ = -1;  // the bound of this pass (-1: unbounded)
  int bound_completed_ = -1;
  std::vector<Node> path_;
  size_t depth_ = 0;  // decisions made in the current execution
  bool done_ = false;
  std::string reason_;
};

}  // namespace lineup::engine
