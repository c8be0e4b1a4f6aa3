// Small deterministic strategies for engine tests.
#pragma once

#include <bit>

#include "engine/strategy/strategy.h"

namespace lineup::engine::testing {

/// One execution that never preempts: the running thread continues while it can; when it
/// blocks or finishes, the lowest-numbered enabled thread runs.
class NonPreemptive final : public Strategy {
 public:
  bool begin_execution() override { return !done_ && (done_ = true); }
  Decision next_thread(const SchedulingPoint& p) override {
    if (p.previous != kNoThread && p.is_enabled(p.previous)) return Decision::run(p.previous);
    return Decision::run(std::countr_zero(p.enabled));
  }
  void end_execution(const ExecutionResult&) override {}

 private:
  bool done_ = false;
};

}  // namespace lineup::engine::testing
