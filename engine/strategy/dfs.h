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
//
// Unbounded, it may keep sleep sets (Godefroid 1996): after the executions in which a thread t
// runs first from a node are explored, t sleeps in the node's later branches until a step
// dependent with its pending step runs, and a node where every enabled thread sleeps ends the
// execution as abandoned (redundant). A read choice belongs to its thread's step, and every
// choice of that step is explored below the thread's branch, so a sleeping thread stands for
// all its choices. Dependency is the engine's (dependence.h); in c11 mode a seq_cst fence
// (which joins and publishes the seq_cst view) is dependent with every seq_cst access and fence
// of another thread, other fences with nothing (they touch their own thread's views), and at
// one location a sleeping store or rmw stays asleep after a load, and a sleeping store
// after a store or an rmw, when neither is seq_cst: whatever the later order reaches, the sleeper's
// branch reached with its choices (dfs.cpp, commutes_in_c11). A thread whose enabledness
// changes (spin detection, a lock) wakes. Sleep sets so drop only executions whose execution
// graph another explored execution has (tests/engine's GenMC litmus suite compares the graphs
// with those of the search without them). With sleep sets, threads about to write atomically
// are explored first at each node: a load that comes after them then leaves them asleep, where
// a load explored first would be woken by them and explored again. Not with a bound:
// the reordered execution a sleeping thread stands for may cost more preemptions or stale
// choices than the one that was pruned.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/memory/memory_model.h"
#include "engine/strategy/strategy.h"

namespace lineup::engine {

class DfsStrategy final : public Strategy {
 public:
  /// Sleep sets, and the dependency they follow (see above).
  enum class SleepSets : uint8_t { kNone, kSc, kC11 };
  /// The sleep sets of a search under `model`.
  static SleepSets sleep_sets_for(MemoryModel model);
  /// -1 for either bound: unbounded. Sleep sets require both bounds -1.
  explicit DfsStrategy(int preemption_bound = -1, int stale_bound = -1,
                       SleepSets sleep_sets = SleepSets::kNone);
  bool begin_execution() override;
  Decision next_thread(const SchedulingPoint& point) override;
  uint32_t choose(const Choice& choice) override;
  void end_execution(const ExecutionResult& result) override;
  std::string stop_reason() const override { return reason_; }
  /// The highest preemption bound completed (within the stale bound), as ICB's.
  Coverage coverage() const override;
  /// Executions abandoned because every enabled thread was asleep (sleep sets only).
  uint64_t blocked() const { return blocked_; }

 private:
  struct Node {
    bool thread = true;    // a thread choice, else a memory-model choice
    uint64_t options = 0;  // thread: the enabled threads; memory: how many options
    uint64_t tried = 0;    // thread: the threads tried
    ThreadId previous = kNoThread;
    uint32_t chosen = 0;             // the thread, or the option
    int preemptions = 0, stale = 0;  // before this node's choice
    uint64_t asleep = 0;             // thread: the threads asleep here (sleep sets only)
    size_t step = 0;                 // thread: the trace index of the step it chooses
    uint64_t first = 0;  // thread, sleep sets: the threads explored before the others here
  };
  int cost(const Node& n, uint32_t pick) const;
  bool within(const Node& n, uint32_t pick) const;
  // The node for the next decision: replayed from the path, or new.
  Node* replayed(bool thread);
  // The threads asleep at a new thread node at `point`: those asleep at the thread node before
  // it or explored there, whose pending step no step since depends on, still enabled.
  uint64_t asleep_at(const SchedulingPoint& point) const;

  int preemption_bound_, stale_bound_;
  bool sleep_sets_, c11_;
  uint64_t blocked_ = 0;
  int bound_ = -1;  // the bound of this pass (-1: unbounded)
  int bound_completed_ = -1;
  std::vector<Node> path_;
  size_t depth_ = 0;  // decisions made in the current execution
  bool done_ = false;
  std::string reason_;
};

}  // namespace lineup::engine
