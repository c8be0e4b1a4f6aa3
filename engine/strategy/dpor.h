// Dynamic partial-order reduction with sleep sets (Flanagan & Godefroid, POPL 2005): explores
// at least one execution of every equivalence class (executions that differ only in the order
// of independent steps), without a bound.
#pragma once

#include <cstddef>

#include "engine/happens_before.h"
#include "engine/strategy/search_tree.h"
#include "engine/strategy/strategy.h"

namespace lineup::engine {

class DporStrategy final : public Strategy {
 public:
  DporStrategy() = default;
  bool begin_execution() override { return has_next_; }
  Decision next_thread(const SchedulingPoint& point) override;
  void end_execution(const ExecutionResult& result) override;
  std::string stop_reason() const override { return "replayed prefix diverged"; }
  const HappensBefore* happens_before() const override { return &hb_; }
  /// Exhaustive once every equivalence class has been explored; nothing before.
  Coverage coverage() const override;

 private:
  struct NoData {};
  void add_races(const Trace& trace);

  SearchTree<NoData> tree_{SleepSets::kClassic};
  int threads_ = 1;
  bool has_next_ = true;
  HappensBefore hb_;
  size_t kept_ = 0;  // nodes of the last execution's path still on the path
};

}  // namespace lineup::engine
