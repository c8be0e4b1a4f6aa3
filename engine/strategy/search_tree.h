// The depth-first search tree of the systematic strategies (DPOR, CB-DPOR, ICB). The tree is
// kept as the path to the current execution: one node per step, each recording which threads
// could run there, which one runs, which were tried and which are still to try. An execution
// first replays the path's prefix, then adds a node per new step; after it, the search backs
// up to the deepest node with a thread left to try and switches that node to it, so the next
// execution replays everything above and diverges there. What only one strategy needs at a
// node (race marks, preemption counts) is its `Data`.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "engine/memory/happens_before.h"
#include "engine/strategy/decision.h"
#include "engine/strategy/strategy.h"

namespace lineup::engine {

/// The set {t} of threads as a bit mask.
constexpr uint64_t thread_bit(ThreadId t) { return uint64_t{1} << t; }

/// How sleep sets pass from a node to the next one. In both, a thread asleep at a node stays
/// asleep at the next one unless the step between them is dependent with its pending
/// transition.
enum class SleepSets {
  kExplicit,  // only threads a strategy puts to sleep itself (none for ICB; CB-DPOR's
              // preempted threads)
  kClassic,   // Godefroid's: also every thread already tried at a node sleeps while a later
              // alternative of that node is explored
};

/// One node of the path per step. `Data` is what a strategy adds to each node; it must be
/// default-constructible.
template <class Data>
struct SearchNode {
  uint64_t enabled = 0;           // threads that could run here
  uint64_t sleep = 0;             // threads whose exploration here would only repeat explored ones
  uint64_t backtrack = 0;         // threads still to try here (never one already tried)
  uint64_t tried = 0;             // threads tried here, the chosen one included
  ThreadId previous = kNoThread;  // the thread that ran the step before
  ThreadId chosen = kNoThread;    // the thread that runs here (kNoThread: none, abandoned)
  Data data{};

  /// Threads that may run here without repeating explored behaviour.
  uint64_t awake() const { return enabled & ~sleep; }
  /// Whether the previous thread could continue here: choosing another thread preempts it.
  bool previous_enabled() const {
    return previous != kNoThread && (enabled & thread_bit(previous)) != 0;
  }
  /// Makes `t` the thread that runs here.
  void choose(ThreadId t) {
    chosen = t;
    tried |= thread_bit(t);
    backtrack &= ~thread_bit(t);
  }
  /// Asks for `threads` to be tried here too (those already tried are not tried again).
  void add_backtrack(uint64_t threads) { backtrack |= threads & ~tried; }
};

template <class Data>
class SearchTree {
 public:
  using Node = SearchNode<Data>;

  explicit SearchTree(SleepSets sleep_sets) : sleep_sets_(sleep_sets) {}

  /// Whether the step `point` asks about is on the path already (a replayed step).
  bool replaying(const SchedulingPoint& point) const { return point.step < nodes_.size(); }
  /// The replayed step's decision: the thread the path chose there, or a stop when it cannot
  /// run any more (the program did not behave as when the path was recorded).
  Decision replay(const SchedulingPoint& point) const {
    ThreadId t = nodes_[point.step].chosen;
    return point.is_enabled(t) ? Decision::run(t) : Decision::stop();
  }
  /// Adds the node of the new step `point` (which is not replaying), with its enabled threads
  /// and the sleep set it inherits from the node before, with the threads `point` puts to
  /// sleep added. The caller chooses its thread.
  Node& grow(const SchedulingPoint& point) {
    Node& n = nodes_.emplace_back();
    n.enabled = point.enabled;
    n.previous = point.previous;
    if (point.step > 0) {
      const Node& parent = nodes_[point.step - 1];
      uint64_t asleep = parent.sleep;
      if (sleep_sets_ == SleepSets::kClassic) asleep |= parent.tried & ~thread_bit(parent.chosen);
      n.sleep = still_asleep(asleep, point.pending, point.trace->steps[point.step - 1]);
    }
    n.sleep |= point.asleep;
    return n;
  }

  /// Drops the nodes past the first `steps` (e.g. the last node of an abandoned execution,
  /// which has no step).
  void truncate(size_t steps) {
    if (nodes_.size() > steps) nodes_.resize(steps);
  }
  /// Backs up to the deepest node with a thread left to try and chooses the lowest such
  /// thread there; `revisit(node)` runs on every node backed up to before the choice (it may
  /// ask for more threads there). Nodes with nothing left are removed, down to the floor.
  /// Returns false when nothing is left above the floor.
  template <class Revisit>
  bool advance(Revisit&& revisit) {
    while (nodes_.size() > floor_) {
      Node& top = nodes_.back();
      revisit(top);
      uint64_t todo = top.backtrack & top.awake();
      if (todo != 0) {
        top.choose(std::countr_zero(todo));
        return true;
      }
      nodes_.pop_back();
    }
    return false;
  }
  /// Replaces the path by the fixed prefix `choices`, each node carrying `data`. The prefix
  /// is a floor: advance never backs up into it.
  void restart(const std::vector<ThreadId>& choices, const Data& data) {
    nodes_.clear();
    for (ThreadId t : choices) {
      Node& n = nodes_.emplace_back();
      n.choose(t);
      n.data = data;
    }
    floor_ = nodes_.size();
  }

  /// The threads chosen along the path, in order.
  std::vector<ThreadId> choices() const {
    std::vector<ThreadId> out;
    out.reserve(nodes_.size());
    for (const Node& n : nodes_) out.push_back(n.chosen);
    return out;
  }
  size_t size() const { return nodes_.size(); }
  bool empty() const { return nodes_.empty(); }
  Node& operator[](size_t step) { return nodes_[step]; }
  const Node& operator[](size_t step) const { return nodes_[step]; }
  Node& back() { return nodes_.back(); }
  const Node& back() const { return nodes_.back(); }

 private:
  SleepSets sleep_sets_;
  std::vector<Node> nodes_;
  size_t floor_ = 0;  // nodes below are a fixed prefix, never backed up into
};

}  // namespace lineup::engine
