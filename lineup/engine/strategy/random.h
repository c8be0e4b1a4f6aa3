// Uniformly random scheduling: at each point, any enabled thread with equal probability.
#pragma once

#include <cstdint>

#include "lineup/engine/strategy/execution_budget.h"
#include "lineup/engine/strategy/strategy.h"

namespace lineup::engine {

/// Runs `executions` random executions (unbounded when 0), reproducibly from `seed`.
class RandomStrategy final : public Strategy {
 public:
  explicit RandomStrategy(uint64_t seed, uint64_t executions = 0);
  bool begin_execution() override;
  Decision next_thread(const SchedulingPoint& point) override;
  void end_execution(const ExecutionResult&) override {}

 private:
  uint64_t state_;
  ExecutionBudget budget_;
};

}  // namespace lineup::engine
