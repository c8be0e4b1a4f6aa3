#include "engine/strategy/pct.h"

#include <algorithm>

#include "engine/strategy/highest_priority.h"
#include "engine/strategy/random_bits.h"

namespace lineup::engine {

PctStrategy::PctStrategy(uint64_t seed, int depth, uint64_t executions)
    : rng_(seed), depth_(depth < 1 ? 1 : depth), budget_(executions) {}

bool PctStrategy::begin_execution() {
  started_ = false;
  return budget_.take();
}

// Initial priorities d, d+1, ..., d+n-1 in random order (all above the change-point
// priorities 1..d-1), and d-1 distinct change points drawn from [0, k).
void PctStrategy::start(int threads) {
  initial_.resize(static_cast<size_t>(threads));
  for (int t = 0; t < threads; ++t) initial_[static_cast<size_t>(t)] = depth_ + t;
  for (size_t i = initial_.size(); i > 1; --i) {
    std::swap(initial_[i - 1], initial_[bounded_random(rng_, i)]);
  }
  priority_ = initial_;
  change_points_.clear();
  size_t wanted = std::min(static_cast<size_t>(depth_ - 1), estimated_steps_);
  while (change_points_.size() < wanted) {
    size_t step = bounded_random(rng_, estimated_steps_);
    if (std::find(change_points_.begin(), change_points_.end(), step) == change_points_.end()) {
      change_points_.push_back(step);
    }
  }
  // The i-th change point drawn (i = 1..d-1) lowers its thread to priority i; keep that
  // assignment while sorting by step.
  std::vector<size_t> order = change_points_;
  std::sort(change_points_.begin(), change_points_.end());
  lowered_to_.clear();
  for (size_t step : change_points_) {
    lowered_to_.push_back(
        static_cast<int>(std::find(order.begin(), order.end(), step) - order.begin()) + 1);
  }
  next_change_ = 0;
  started_ = true;
}

Decision PctStrategy::next_thread(const SchedulingPoint& point) {
  if (!started_) start(point.thread_count);
  auto highest = [&] { return highest_priority(point.enabled, priority_); };
  ThreadId chosen = highest();
  while (next_change_ < change_points_.size() && change_points_[next_change_] <= point.step) {
    if (change_points_[next_change_] == point.step) {
      priority_[static_cast<size_t>(chosen)] = lowered_to_[next_change_];
      chosen = highest();
    }
    ++next_change_;
  }
  return Decision::run(chosen);
}

void PctStrategy::end_execution(const ExecutionResult& result) {
  estimated_steps_ = std::max(estimated_steps_, result.trace.steps.size());
}

}  // namespace lineup::engine
