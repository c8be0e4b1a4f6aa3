// Uniformly random scheduling: at each point, any enabled thread with equal probability.
#pragma once

#include <cstdint>

#include "engine/strategy/execution_budget.h"
#include "engine/strategy/random_choice.h"
#include "engine/strategy/strategy.h"

namespace lineup::engine {

/// Runs `executions` random executions (unbounded when 0), reproducibly from `seed`.
class RandomStrategy final : public Strategy {
 public:
  explicit RandomStrategy(uint64_t seed, uint64_t executions = 0);
  bool begin_execution() override;
  Decision next_thread(const SchedulingPoint& point) override;
  /// c11 mode: the SC option half the time, else any (random_choice.h).
  uint32_t choose(const Choice& choice) override { return random_choice(state_, choice); }
  void end_execution(const ExecutionResult&) override {}
  uint64_t* uniform_state() override { return &state_; }

 private:
  uint64_t state_;
  ExecutionBudget budget_;
};

}  // namespace lineup::engine
