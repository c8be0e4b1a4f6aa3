#include "lineup/hunt/tree_estimate.h"

#include <algorithm>

namespace lineup::hunt {

void TreeEstimate::close(size_t depth, const Open& node) {
  if (closed_.size() <= depth) closed_.resize(depth + 1);
  ++closed_[depth].nodes;
  closed_[depth].children += node.children;
  closed_[depth].enabled += static_cast<uint64_t>(std::max(node.enabled, 1));
}

void TreeEstimate::add(const std::vector<Step>& path) {
  ++seen_;
  // The first step where this path leaves the previous one: the node there gains a child,
  // the nodes below it on the previous path are closed.
  size_t split = 0;
  while (split < path.size() && split < path_.size() && path[split].thread == path_[split].chosen) {
    ++split;
  }
  for (size_t d = path_.size(); d > split + 1; --d) close(d - 1, path_[d - 1]);
  if (split < path_.size() && split < path.size()) {
    path_.resize(split + 1);
    ++path_[split].children;
    path_[split].chosen = path[split].thread;
    ++split;
  } else {
    // A path that is a prefix of the previous one or extends it (an abandoned execution's):
    // no new branch at a node, only nodes kept or added.
    if (path_.size() > path.size()) path_.resize(path.size());
  }
  for (size_t d = path_.size(); d < path.size(); ++d) {
    path_.push_back({path[d].thread, path[d].enabled, 1});
  }
}

double TreeEstimate::branching(size_t depth) const {
  const Open& node = path_[depth];
  const double known = static_cast<double>(node.children);
  if (depth >= closed_.size() || closed_[depth].nodes == 0) return known;
  const double per_enabled =
      static_cast<double>(closed_[depth].children) / static_cast<double>(closed_[depth].enabled);
  return std::max(known, per_enabled * std::max(node.enabled, 1));
}

size_t TreeEstimate::unsettled() const {
  size_t n = 0;
  for (size_t d = 0; d < path_.size(); ++d) {
    const bool closed_here = d < closed_.size() && closed_[d].nodes != 0;
    if (!closed_here && path_[d].children < static_cast<uint64_t>(path_[d].enabled)) ++n;
  }
  return n;
}

double TreeEstimate::leaves() const {
  if (seen_ == 0) return 0;
  // The share of the tree at or left of the current leaf.
  double done = 0, share = 1;
  for (size_t d = 0; d < path_.size(); ++d) {
    const double b = branching(d);
    done += share * static_cast<double>(path_[d].children - 1) / b;
    share /= b;
  }
  done += share;
  return static_cast<double>(seen_) / done;
}

}  // namespace lineup::hunt
