#include "engine/strategy/wakeup_tree.h"

#include <algorithm>

namespace lineup::engine {
namespace {

// Position of thread p's first step in w, or w.size().
size_t first_of(ThreadId p, const std::vector<WakeupStep>& w) {
  size_t k = 0;
  while (k < w.size() && w[k].thread != p) ++k;
  return k;
}

// Whether step k of w (its thread's first there) has no step before it in w that happens
// before it. A chain of dependent steps ending at k ends with a step dependent with k itself,
// so looking for a direct dependency is enough.
bool initial_at(size_t k, const std::vector<WakeupStep>& w) {
  for (size_t x = 0; x < k; ++x) {
    if (dependent(w[x].access, w[k].access)) return false;
  }
  return true;
}

bool independent_of_all(const Access& a, const std::vector<WakeupStep>& w) {
  return std::none_of(w.begin(), w.end(),
                      [&](const WakeupStep& s) { return dependent(a, s.access); });
}

}  // namespace

bool weak_initial(ThreadId p, const Access* pending, const std::vector<WakeupStep>& w) {
  const size_t k = first_of(p, w);
  if (k < w.size()) return initial_at(k, w);
  return pending != nullptr && independent_of_all(*pending, w);
}

WakeupTree WakeupTree::take_first_subtree() {
  return WakeupTree(std::move(branches_.front().children));
}

bool WakeupTree::starts_with(ThreadId t) const {
  return std::any_of(branches_.begin(), branches_.end(),
                     [t](const Node& n) { return n.step.thread == t; });
}

bool WakeupTree::insert(std::vector<WakeupStep>& w) {
  std::vector<Node>* level = &branches_;
  for (;;) {
    // The first child (in exploration order) whose step can start an execution that extends
    // into one with w: its thread has an initial step in w (which it accounts for), or none
    // in w and a step independent of all of w.
    Node* next = nullptr;
    for (Node& child : *level) {
      const size_t k = first_of(child.step.thread, w);
      if (k < w.size() ? initial_at(k, w) : independent_of_all(child.step.access, w)) {
        if (k < w.size()) w.erase(w.begin() + static_cast<std::ptrdiff_t>(k));
        next = &child;
        break;
      }
    }
    if (next == nullptr) break;
    if (next->children.empty()) return false;  // a leaf: its sequence covers w
    level = &next->children;
  }
  // A new leaf path under the longest matching one, explored after its siblings.
  for (const WakeupStep& s : w) {
    level->push_back({s, {}});
    level = &level->back().children;
  }
  return true;
}

}  // namespace lineup::engine
