// SURW, selectively uniform random walk (Zhao, Wolff, Mathur, Roychoudhury, ASPLOS 2025): a
// random walk that picks an enabled thread with probability proportional to the number of
// events it has left. When those counts are exact and the threads never block, every
// interleaving of the events is equally likely (n_t / sum n is the share of the remaining
// interleavings that start with thread t), where plain random walk makes a short thread
// almost always run early. Here every scheduling point is an event (the engine stops only at
// shared-memory and synchronisation steps, so its points are the paper's interesting events),
// and a thread's count is estimated from the previous completed execution of the same
// program: the steps it took there minus those it has taken so far, at least 1. The first
// execution, with nothing to estimate from, is a plain random walk.
#pragma once

#include <cstdint>
#include <vector>

#include "lineup/engine/strategy/execution_budget.h"
#include "lineup/engine/strategy/random_choice.h"
#include "lineup/engine/strategy/strategy.h"

namespace lineup::engine {

class SurwStrategy final : public Strategy {
 public:
  /// Runs `executions` executions (unbounded when 0). The same seed gives the same sequence
  /// of schedules for the same program.
  explicit SurwStrategy(uint64_t seed, uint64_t executions = 0);
  bool begin_execution() override;
  Decision next_thread(const SchedulingPoint& point) override;
  /// c11 mode: the SC option half the time, else any (random_choice.h).
  uint32_t choose(const Choice& choice) override { return random_choice(rng_, choice); }
  /// Takes the per-thread step counts of a completed execution as the next estimates.
  void end_execution(const ExecutionResult& result) override;

  /// The estimated steps per thread the next execution weighs by (empty: none yet).
  const std::vector<uint64_t>& estimates() const { return estimate_; }

 private:
  uint64_t rng_;
  ExecutionBudget budget_;
  std::vector<uint64_t> estimate_;  // per thread: steps in the last completed execution
  std::vector<uint64_t> taken_;     // per thread: steps chosen so far in this execution
};

}  // namespace lineup::engine
