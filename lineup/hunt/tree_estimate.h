// How big a depth-first search is, estimated while it runs: `lineup verify` stopped by a
// budget says how many executions the whole search would take.
//
// The estimator sees the search only through the paths of its executions, in the order the
// search runs them: at each step, the thread chosen and how many threads could have been
// (an abandoned execution's path ends where it was abandoned). A node of the search tree is
// closed once the search has left it for good; its number of children is then known. A node
// on the current path has its children known only in part. At a depth where nodes have
// closed, it is assumed to explore the same share of its enabled threads as they did (never
// fewer children than it has already); as Knuth's estimator does (Knuth 1975, "Estimating
// the efficiency of backtrack programs"), siblings are assumed to have subtrees alike. At a
// depth where none has closed yet (the search has not backed up that far), nothing tells how
// many more children it will have, and it is counted with those it has: the estimate is then
// one of the subtree the search has entered, a lower estimate of the whole (unsettled() says
// at how many such nodes more branches are possible). The share of the tree left of the
// current path and the current leaf is the sum, over the path, of the children finished at a
// node divided by its assumed children, times the share of the node itself; the leaves so far
// divided by that share estimate the whole (the weighted form of Kilby, Slaney, Thiebaux and
// Walsh, "Estimating search tree size", AAAI 2006).
//
// It is rough: partial-order reduction makes sibling subtrees unlike (the first child of a
// node is searched with more threads awake than the later ones). It is exact for a tree whose
// nodes at each depth explore the same share of their enabled threads, once a node of every
// depth on the path has closed, and at the end.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/transition.h"

namespace lineup::hunt {

class TreeEstimate {
 public:
  /// One step of a path: the thread chosen, and how many could have been.
  struct Step {
    engine::ThreadId thread = engine::kNoThread;
    int enabled = 1;
  };

  /// The next execution's path (leaves arrive in the order a depth-first search reaches them).
  void add(const std::vector<Step>& path);

  /// The estimated number of leaves (executions) of the whole tree; 0 before the first.
  double leaves() const;

  /// Nodes of the current path at depths where no node has closed, with fewer children so far
  /// than enabled threads: branches the estimate cannot see yet (0: it estimates the whole).
  size_t unsettled() const;

  /// Leaves seen so far.
  uint64_t seen() const { return seen_; }

 private:
  struct Open {
    engine::ThreadId chosen = engine::kNoThread;
    int enabled = 1;
    uint64_t children = 1;  // children reached so far, the current one included
  };
  struct Closed {
    uint64_t nodes = 0, children = 0, enabled = 0;
  };
  // The assumed number of children of the node at `depth` of the current path.
  double branching(size_t depth) const;
  void close(size_t depth, const Open& node);

  std::vector<Open> path_;
  std::vector<Closed> closed_;  // per depth
  uint64_t seen_ = 0;
};

}  // namespace lineup::hunt
