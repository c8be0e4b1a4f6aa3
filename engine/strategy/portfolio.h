// Two strategies over one program under one budget: a systematic search and a sampler take
// turns execution by execution. The systematic part gives the coverage statement and decides
// when the program is done; the sampler reaches executions beyond its preemption bound, so a
// bug that needs more preemptions than the bound can still be found within the budget. Each
// keeps its own state across its own executions: a search never sees the other's executions,
// which are not part of its tree. In c11 mode the memory-model choices of an execution go to
// the part running it, as its thread choices do: dfs branches on them within its stale bound,
// POS draws them.
#pragma once

#include <memory>

#include "engine/strategy/strategy.h"

namespace lineup::engine {

class PortfolioStrategy final : public Strategy {
 public:
  /// Alternates `systematic` and `sampler`, starting with `systematic`, until `systematic`
  /// has nothing left (or `sampler`, if it ends first, leaves `systematic` alone).
  PortfolioStrategy(std::unique_ptr<Strategy> systematic, std::unique_ptr<Strategy> sampler);
  bool begin_execution() override;
  Decision next_thread(const SchedulingPoint& point) override { return turn_->next_thread(point); }
  uint32_t choose(const Choice& choice) override { return turn_->choose(choice); }
  void end_execution(const ExecutionResult& result) override { turn_->end_execution(result); }
  const HappensBefore* happens_before() const override { return turn_->happens_before(); }
  std::string stop_reason() const override { return turn_->stop_reason(); }
  /// The systematic part's: what the sampler ran adds to it but claims nothing.
  Coverage coverage() const override { return systematic_->coverage(); }
  /// Its systematic and its sampling part: each may run the cap, so that the systematic part
  /// completes the same bounds as alone.
  int parts() const override { return 2; }
  uint64_t* uniform_state() override { return turn_->uniform_state(); }

 private:
  std::unique_ptr<Strategy> systematic_, sampler_;
  Strategy* turn_ = nullptr;  // the strategy running the current execution
  bool sampler_done_ = false;
};

}  // namespace lineup::engine
