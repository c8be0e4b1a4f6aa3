// POS, partial order sampling (Yuan, Yang, Gu, CAV 2018): every pending transition carries a
// random priority and the enabled one with the highest priority runs. After a step runs, the
// thread that ran gets a fresh priority for its new pending transition, and so does every
// other thread whose pending transition races with the step (is dependent on it, by
// happens_before.h's dependent()). Priorities of independent transitions survive, so the
// steps of other threads that commute with a pending transition do not change its chance to
// run before its racing partners: where random walk flips a coin for it at every step, POS
// orders each racing pair by one comparison, which samples partial orders far more evenly.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/strategy/execution_budget.h"
#include "engine/strategy/random_choice.h"
#include "engine/strategy/strategy.h"

namespace lineup::engine {

class PosStrategy final : public Strategy {
 public:
  /// Runs `executions` executions (unbounded when 0). The same seed gives the same sequence
  /// of schedules for the same program.
  explicit PosStrategy(uint64_t seed, uint64_t executions = 0);
  bool begin_execution() override;
  Decision next_thread(const SchedulingPoint& point) override;
  /// c11 mode: the SC option half the time, else any (random_choice.h).
  uint32_t choose(const Choice& choice) override { return random_choice(rng_, choice); }
  void end_execution(const ExecutionResult&) override {}

  /// How many priorities the last execution re-sampled because their transition raced with
  /// the step that had just run (not counting the running thread's own new transition).
  uint64_t races_resampled() const { return races_resampled_; }

 private:
  // Re-samples the priorities that the step the previous decision ran invalidated.
  void after_step(const SchedulingPoint& point);

  uint64_t rng_;
  ExecutionBudget budget_;
  std::vector<uint64_t> priority_;  // per thread, of its pending transition
  ThreadId ran_ = kNoThread;        // the thread the previous decision ran (this execution)
  size_t ran_at_ = 0;               // the step index it was chosen for
  uint64_t races_resampled_ = 0;
};

}  // namespace lineup::engine
