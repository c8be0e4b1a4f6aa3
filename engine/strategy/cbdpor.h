// CB-DPOR (van den Hooff 2014, Figure 3-2): context-bounded DPOR with preemption-only sleep sets.
// At implicit context switch points (the start, or the previous thread blocked or finished)
// every thread not asleep is tried. Elsewhere the previous thread continues; a later step
// that depends on an earlier step and does not already happen after it marks the point
// before that earlier step, and a marked point is revisited with a preemption (if the bound
// allows): the preempted thread goes to sleep and every other thread is tried.
#pragma once

#include <cstddef>
#include <cstdint>

#include "engine/memory/happens_before.h"
#include "engine/strategy/search_tree.h"
#include "engine/strategy/strategy.h"

namespace lineup::engine {

class CbDporStrategy final : public Strategy {
 public:
  /// Explores, for each bound c = 0, 1, ..., `max_bound` in turn (-1: as long as the bound
  /// still cuts something off), at least one execution of every equivalence class that has
  /// an execution with at most c preemptions. With `iterative` false only `max_bound` runs.
  explicit CbDporStrategy(int max_bound = -1, bool iterative = true);
  bool begin_execution() override { return has_next_; }
  Decision next_thread(const SchedulingPoint& point) override;
  void end_execution(const ExecutionResult& result) override;
  std::string stop_reason() const override { return "replayed prefix diverged"; }
  const HappensBefore* happens_before() const override { return &hb_; }

  /// Up to equivalence: the highest bound c for which every execution with at most c
  /// preemptions is covered (-1: none yet). After the search ends with no bound cutting
  /// anything off, it is exhaustive, whatever the preemptions.
  Coverage coverage() const override;
  /// The bound being explored now.
  int bound() const { return bound_; }

 private:
  // A node's sleep set holds the preempted threads that need not run yet (plus, in phase 1,
  // the previous thread); its backtrack set the threads still to try in the current phase.
  // At an implicit switch point (the previous thread blocked or finished, or the start) every
  // awake thread is tried at once.
  struct Data {
    bool marked = false;      // a later dependent step asks for a preemption here
    bool preempting = false;  // phase 1: previous is preempted, others are being tried
    int preemptions = 0;      // preemptions in the prefix before this point
  };
  using Node = SearchNode<Data>;
  void mark_races(const Trace& trace);
  void revisit(Node& node);
  void restart_or_finish();

  int max_bound_;
  bool iterative_;
  int bound_;
  int bound_completed_ = -1;
  bool bound_cut_ = false;  // a marked point was not revisited because of the bound
  bool has_next_ = true;
  int threads_ = 1;
  SearchTree<Data> tree_{SleepSets::kExplicit};
  HappensBefore hb_;
  size_t kept_ = 0;  // nodes of the last execution's path still on the path
};

}  // namespace lineup::engine
