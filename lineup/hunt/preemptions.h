// Where a schedule preempts: a switch away from a thread that could have continued. The
// functions the preempted threads were in form a bug's root-cause signature (Ball et al. 2009): two
// counterexamples that preempt in the same functions are most likely the same bug.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "lineup/engine/strategy/forwarding_strategy.h"

namespace lineup {

/// Wraps a strategy and records each preemption it makes: the step index and the function of
/// the preempted thread's pending step.
class PreemptionRecorder final : public engine::ForwardingStrategy {
 public:
  explicit PreemptionRecorder(engine::Strategy& inner) : ForwardingStrategy(inner) {}
  bool begin_execution() override;
  engine::Decision next_thread(const engine::SchedulingPoint& point) override;

  /// Preemptions of the last execution.
  size_t preemptions() const { return pcs_.size(); }
  /// The functions preempted in (innermost frame outside the C++ standard library), sorted,
  /// without repetitions.
  std::vector<std::string> signature() const;

 private:
  std::vector<uintptr_t> pcs_;  // symbolized only when a signature is asked for
};

/// The function `pc` is in, for signatures: the innermost frame outside the C++ standard
/// library, without parameters; "?" when unknown.
std::string function_of(uintptr_t pc);

}  // namespace lineup
