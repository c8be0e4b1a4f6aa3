#include "engine/strategy/pos.h"

#include "engine/memory/happens_before.h"
#include "engine/strategy/highest_priority.h"
#include "engine/strategy/random_bits.h"

namespace lineup::engine {

PosStrategy::PosStrategy(uint64_t seed, uint64_t executions) : rng_(seed), budget_(executions) {}

bool PosStrategy::begin_execution() {
  priority_.clear();  // sampled afresh at the first scheduling point, once the threads are known
  ran_ = kNoThread;
  races_resampled_ = 0;
  return budget_.take();
}

void PosStrategy::after_step(const SchedulingPoint& point) {
  priority_[static_cast<size_t>(ran_)] = random_bits(rng_);  // a new pending transition
  const Trace& trace = *point.trace;
  // The step as executed (a failed CAS became a read), which is what it raced with; if the
  // trace does not show it (nothing recorded for the choice), nothing else is re-sampled.
  if (trace.steps.size() <= ran_at_ || trace.steps[ran_at_].thread != ran_) return;
  Access step = Access::of(trace.steps[ran_at_]);
  for (uint64_t m = point.unfinished & ~(uint64_t{1} << ran_); m != 0; m &= m - 1) {
    int t = __builtin_ctzll(m);
    if (dependent(step, Access::of(point.pending[t]))) {
      priority_[static_cast<size_t>(t)] = random_bits(rng_);
      ++races_resampled_;
    }
  }
}

Decision PosStrategy::next_thread(const SchedulingPoint& point) {
  if (priority_.size() != static_cast<size_t>(point.thread_count)) {
    priority_.resize(static_cast<size_t>(point.thread_count));
    for (uint64_t& p : priority_) p = random_bits(rng_);
  } else if (ran_ != kNoThread) {
    after_step(point);
  }
  // The highest priority wins; 64 random bits make ties (lowest thread wins) negligible.
  ThreadId best = highest_priority(point.enabled, priority_);
  ran_ = best;
  ran_at_ = point.step;
  return Decision::run(best);
}

}  // namespace lineup::engine
