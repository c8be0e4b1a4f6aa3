// Sealed functions (Ball et al. 2009): no preemption while a thread is inside one of them, as if
// each call of such a function were atomic. Used to keep hunting past a bug that has been found
// (seal the functions its schedule preempts in) and for compositional testing (seal a
// component already trusted).
#pragma once

#include <string>
#include <unordered_map>
#include <vector>

#include "engine/strategy/forwarding_strategy.h"

namespace lineup::hunt {

/// Wraps a strategy: at a point where the previous thread could continue and its pending step
/// is inside a sealed function (any frame of its inlining chain, by short name), the inner
/// strategy is offered that thread only.
class SealingStrategy final : public engine::ForwardingStrategy {
 public:
  SealingStrategy(engine::Strategy& inner, std::vector<std::string> sealed)
      : ForwardingStrategy(inner), sealed_(std::move(sealed)) {}
  engine::Decision next_thread(const engine::SchedulingPoint& point) override;

 private:
  bool sealed(uintptr_t pc);

  std::vector<std::string> sealed_;
  std::unordered_map<uintptr_t, bool> cache_;
};

}  // namespace lineup::hunt
