// How big a depth-first search is, estimated while it runs: `lineup verify` stopped by a
// budget says how many executions the whole search would take.
//
// The estimator sees the search only through the paths of its executions, in the order the
// search runs them (each path the threads chosen step by step, an abandoned execution's up to
// where it was abandoned). A node of the search tree is closed once the search has left it
// for good; its number of children is then known. For the nodes on the current path, whose
// children are not all known, it assumes as many as closed nodes at the same depth had on
// average (the nearest depth with closed nodes when none at that depth is, and never fewer
// than it has already), and, as Knuth's estimator does (Knuth 1975, "Estimating the
// efficiency of backtrack programs"), that siblings have subtrees alike. The share of the
// tree left of the current path and the current leaf is then the sum, over the path, of the
// children finished at a node divided by its assumed children, times the share of the node
// itself; the executions so far divided by that share estimate the whole (the weighted form
// of Kilby, Slaney, Thiebaut and Walsh, "Estimating search tree size", AAAI 2006).
//
// It is rough: partial-order reduction makes sibling subtrees unlike (the first child of a
// node is searched with more threads awake than the later ones), and the branching near the
// root is known last. Early in a search it is often off by a factor of several; it is exact
// for a tree whose nodes at each depth have the same number of children, and at the end.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/transition.h"

namespace lineup::hunt {

class TreeEstimate {
 public:
  /// The next execution's path (leaves arrive in the order a depth-first search reaches them).
  void add(const std::vector<engine::ThreadId>& path);

  /// The estimated number of leaves (executions) of the whole tree; 0 before the first.
  double leaves() const;

  /// Leaves seen so far.
  uint64_t seen() const { return seen_; }

 private:
  struct Open {
    engine::ThreadId chosen = engine::kNoThread;
    uint64_t children = 1;  // children reached so far, the current one included
  };
  struct Closed {
    uint64_t nodes = 0, children = 0;
  };
  // The assumed number of children of the node at `depth` of the current path.
  double branching(size_t depth) const;
  void close(size_t depth, uint64_t children);

  std::vector<Open> path_;
  std::vector<Closed> closed_;  // per depth
  uint64_t seen_ = 0;
};

}  // namespace lineup::hunt
