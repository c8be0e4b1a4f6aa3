// Wakeup trees of optimal DPOR (Abdulla, Aronis, Jonsson, Sagonas, "Source Sets: A Foundation
// for Optimal Dynamic Partial Order Reduction", JACM 2017, sec. 6). At a node of the search, a
// wakeup tree holds the sequences of steps still to explore from there, as an ordered tree of
// steps (thread and access): each leaf's path is one sequence, and every sequence that starts
// alike shares its first nodes. A sequence is replayed by running its threads in order; it
// leads into a class no explored execution belongs to, with no thread asleep on the way.
#pragma once

#include <utility>
#include <vector>

#include "engine/memory/happens_before.h"

namespace lineup::engine {

/// One step of a wakeup sequence: who runs it and what dependency sees in it.
struct WakeupStep {
  ThreadId thread = kNoThread;
  Access access;
};

/// Whether thread `p` is a weak initial of `w` after the node's prefix: `p` has a step in `w`
/// that no earlier step of `w` happens before, or (when `pending`, p's pending step at the
/// node, is given) `p` has no step in `w` and its pending step is independent of all of them.
/// Either way, running p first leads to an execution that extends into one with `w`.
bool weak_initial(ThreadId p, const Access* pending, const std::vector<WakeupStep>& w);

class WakeupTree {
 public:
  WakeupTree() = default;
  bool empty() const { return branches_.empty(); }
  /// The thread that starts the first branch (the next to explore).
  ThreadId first() const { return branches_.front().step.thread; }
  /// Adds a branch of one step, last.
  void add(const WakeupStep& step) { branches_.push_back({step, {}}); }
  /// The first branch's subtree, moved out: what remains to explore after its first step.
  /// The branch stays (childless) until drop_first, as the one being explored.
  WakeupTree take_first_subtree();
  /// Removes the first branch (explored, or given up).
  void drop_first() { branches_.erase(branches_.begin()); }
  /// Whether a branch starts with thread `t`.
  bool starts_with(ThreadId t) const;
  /// Inserts sequence `w` (insert[E](w, wut) of the paper): unless a leaf's sequence already
  /// extends to an execution equivalent to one extending `w`, `w`, minus the steps the
  /// longest matching path of the tree accounts for, becomes a new leaf path under that path,
  /// after its other children. Returns whether the tree changed.
  /// `w` is left modified.
  bool insert(std::vector<WakeupStep>& w);

 private:
  struct Node {
    WakeupStep step;
    std::vector<Node> children;
  };
  explicit WakeupTree(std::vector<Node> branches) : branches_(std::move(branches)) {}

  std::vector<Node> branches_;
};

}  // namespace lineup::engine
