// A systematic strategy watched by a TreeEstimate: every execution's path (the threads it
// chose and how many it could choose from, step by step) is passed to the estimate when the
// execution ends, so that a search stopped early can say how big the whole would have been.
#pragma once

#include <bit>
#include <vector>

#include "engine/strategy/forwarding_strategy.h"
#include "lineup/hunt/tree_estimate.h"

namespace lineup::hunt {

class EstimatingStrategy final : public engine::ForwardingStrategy {
 public:
  EstimatingStrategy(engine::Strategy& inner, TreeEstimate& estimate)
      : ForwardingStrategy(inner), estimate_(estimate) {}

  bool begin_execution() override {
    path_.clear();
    return inner_.begin_execution();
  }
  engine::Decision next_thread(const engine::SchedulingPoint& point) override {
    engine::Decision d = inner_.next_thread(point);
    if (d.runs()) path_.push_back({d.thread, std::popcount(point.enabled)});
    return d;
  }
  void end_execution(const engine::ExecutionResult& result) override {
    inner_.end_execution(result);
    estimate_.add(path_);
  }

 private:
  TreeEstimate& estimate_;
  std::vector<TreeEstimate::Step> path_;
};

}  // namespace lineup::hunt
