#include "lineup/engine/strategy/surw.h"

#include <bit>

#include "lineup/engine/strategy/random_bits.h"

namespace lineup::engine {

SurwStrategy::SurwStrategy(uint64_t seed, uint64_t executions) : rng_(seed), budget_(executions) {}

bool SurwStrategy::begin_execution() {
  taken_.clear();
  return budget_.take();
}

Decision SurwStrategy::next_thread(const SchedulingPoint& point) {
  size_t threads = static_cast<size_t>(point.thread_count);
  if (taken_.size() != threads) taken_.assign(threads, 0);
  bool known = estimate_.size() == threads;
  // Weight of thread t: its estimated steps left, at least 1 (it has a pending step, so an
  // estimate it has outrun is too low); 1 for all when nothing is known (random walk).
  auto weight = [&](int t) -> uint64_t {
    size_t i = static_cast<size_t>(t);
    return known && estimate_[i] > taken_[i] ? estimate_[i] - taken_[i] : 1;
  };
  ThreadId chosen = std::countr_zero(point.enabled);
  if ((point.enabled & (point.enabled - 1)) != 0) {  // more than one: draw
    uint64_t total = 0;
    for (uint64_t m = point.enabled; m != 0; m &= m - 1) total += weight(std::countr_zero(m));
    uint64_t r = bounded_random(rng_, total);
    for (uint64_t m = point.enabled; m != 0; m &= m - 1) {
      int t = std::countr_zero(m);
      uint64_t w = weight(t);
      if (r < w) {
        chosen = t;
        break;
      }
      r -= w;
    }
  }
  ++taken_[static_cast<size_t>(chosen)];
  return Decision::run(chosen);
}

void SurwStrategy::end_execution(const ExecutionResult& result) {
  // Only a completed execution shows how many steps each thread takes to finish.
  if (result.outcome == Outcome::kCompleted) estimate_ = taken_;
}

}  // namespace lineup::engine
