#include "engine/strategy/gambit.h"

#include <algorithm>
#include <bit>
#include <climits>

#include "engine/strategy/random_bits.h"

namespace lineup::engine {

GambitStrategy::GambitStrategy(int bound, uint64_t seed,
                               const std::vector<GambitPriority>& priorities)
    : bound_(bound), rng_(seed) {
  // Each function at most once, so that their values fit the key's upper 32 bits.
  for (GambitPriority p : priorities) {
    if (std::find(priorities_.begin(), priorities_.end(), p) == priorities_.end()) {
      priorities_.push_back(p);
    }
  }
  nodes_.push_back(Node{});
}

// The upper 32 bits hold the priority values, the first function highest (8 bits for the
// preemptions, 24 for a random value); the lower 32 the discovery order reversed, so that the
// latest of equal nodes comes first.
uint64_t GambitStrategy::key(int preemptions) {
  uint64_t value = 0;
  for (GambitPriority p : priorities_) {
    switch (p) {
      case GambitPriority::kPreemptions:
        value = (value << 8) | static_cast<uint64_t>(std::min(preemptions, 255));
        break;
      case GambitPriority::kRandom:
        value = (value << 24) | (random_bits(rng_) >> 40);
        break;
    }
  }
  return (value << 32) | (UINT32_MAX - discovered_);
}

void GambitStrategy::discover(uint32_t parent, uint32_t step, ThreadId thread, int preemptions) {
  auto index = static_cast<uint32_t>(nodes_.size());
  nodes_.push_back(Node{parent, step, thread, preemptions});
  fringe_.push(Entry{key(preemptions), index});
  ++discovered_;
  if (fringe_by_preemptions_.size() <= static_cast<size_t>(preemptions)) {
    fringe_by_preemptions_.resize(preemptions + 1, 0);
  }
  ++fringe_by_preemptions_[preemptions];
}

bool GambitStrategy::begin_execution() {
  if (started_) {
    if (fringe_.empty()) return false;
    current_ = fringe_.top().node;
    fringe_.pop();
    --fringe_by_preemptions_[nodes_[current_].preemptions];
  }
  started_ = true;
  running_ = true;
  path_.clear();
  for (uint32_t n = current_; n != 0; n = nodes_[n].parent) {
    path_.emplace_back(nodes_[n].step, nodes_[n].thread);
  }
  std::reverse(path_.begin(), path_.end());
  next_deviation_ = 0;
  diverged_ = false;
  steps_.clear();
  return true;
}

Decision GambitStrategy::next_thread(const SchedulingPoint& point) {
  ThreadId t;
  if (next_deviation_ < path_.size() && path_[next_deviation_].first == point.step) {
    t = path_[next_deviation_++].second;
    if (!point.is_enabled(t)) {
      diverged_ = true;
      return Decision::stop();
    }
  } else if (point.previous != kNoThread && point.is_enabled(point.previous)) {
    t = point.previous;
  } else {
    t = std::countr_zero(point.enabled);
  }
  steps_.resize(point.step);
  steps_.push_back(Step{point.enabled, t, point.previous});
  return Decision::run(t);
}

void GambitStrategy::end_execution(const ExecutionResult&) {
  running_ = false;
  if (diverged_) return;
  const Node& node = nodes_[current_];
  // Before the node's deviation, the ancestors discovered every alternative; after it, the
  // execution follows the default, which never preempts, so its preemptions are the node's.
  size_t first = current_ == 0 ? 0 : node.step + 1;
  int base = node.preemptions;
  uint32_t parent = current_;
  for (size_t s = first; s < steps_.size(); ++s) {
    const Step& st = steps_[s];
    bool previous_enabled = st.previous != kNoThread && ((st.enabled >> st.previous) & 1) != 0;
    for (uint64_t m = st.enabled & ~(uint64_t{1} << st.chosen); m != 0; m &= m - 1) {
      auto t = static_cast<ThreadId>(std::countr_zero(m));
      int p = base + (previous_enabled && t != st.previous ? 1 : 0);
      if (bound_ < 0 || p <= bound_) discover(parent, static_cast<uint32_t>(s), t, p);
    }
  }
}

Coverage GambitStrategy::coverage() const {
  Coverage c;
  if (!started_) return c;
  // The execution still running counts as not run.
  int fewest = running_ ? nodes_[current_].preemptions : INT_MAX;
  for (size_t p = 0; p < fringe_by_preemptions_.size() && static_cast<int>(p) < fewest; ++p) {
    if (fringe_by_preemptions_[p] != 0) fewest = static_cast<int>(p);
  }
  if (fewest != INT_MAX) {
    c.bound_completed = fewest - 1;
  } else {
    c.bound_completed = bound_ < 0 ? Coverage::kExhaustive : bound_;
  }
  return c;
}

}  // namespace lineup::engine
