// How big a depth-first search is, estimated while it runs: `lineup verify` stopped by a
// budget says how many executions the whole search would take.
//
// The estimator sees the search only through the paths of its executions, in the order the
// search runs them: at each step, the thread chosen and how many threads could have been
// (an abandoned execution's path ends where it was abandoned). A node of the search tree is
// closed once the search has left it for good; its number of children is then known. A node
// on the current path has its children known only in part: it is assumed to have as many as
// closed nodes of its depth had per enabled thread, times its own enabled threads (or, when
// no node of its depth has closed yet, the ratio of the nearest depth with closed nodes; when
// none has closed, all its enabled threads), and never fewer than it has already. As Knuth's
// estimator does (Knuth 1975, "Estimating the efficiency of backtrack programs"), siblings are
// assumed to have subtrees alike. The share of the tree left of the current path and the current
// leaf is then the sum, over the path, of the children finished at a node divided by its assumed
// children, times the share of the node itself; the executions so far divided by that share
// estimate the whole (the weighted form of Kilby, Slaney, Thiebaux and Walsh, "Estimating search
// tree size", AAAI 2006).
//
// It is rough: partial-order reduction makes sibling subtrees unlike (the first child of a
// node is searched with more threads awake than the later ones), and how much it prunes near
// the root is known last. Early in a search it can be off by a factor of several, or by
// orders of magnitude on deep, uneven trees; it is exact for a tree whose nodes at each depth
// have the same number of children in the same ratio to their enabled threads, and at the
// end.
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
