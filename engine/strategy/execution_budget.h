// The executions a sampling strategy (random, PCT, POS, SURW) may still run.
#pragma once

#include <cstdint>

namespace lineup::engine {

class ExecutionBudget {
 public:
  /// `executions` executions, or no limit when 0.
  explicit ExecutionBudget(uint64_t executions)
      : remaining_(executions), unbounded_(executions == 0) {}

  /// Takes one execution: false when none is left.
  bool take() {
    if (unbounded_) return true;
    if (remaining_ == 0) return false;
    --remaining_;
    return true;
  }

 private:
  uint64_t remaining_;
  bool unbounded_;
};

}  // namespace lineup::engine
