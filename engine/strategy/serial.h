// Every serial execution of a program: each call runs from its first step to its last with no
// other thread in between; all orders of whole calls (respecting each thread's order) are
// explored, depth first. This is Line-Up's phase 1: the outcomes of these executions are the
// correct outcomes of the program.
#pragma once

#include <vector>

#include "engine/strategy/strategy.h"

namespace lineup::engine {

class SerialStrategy final : public Strategy {
 public:
  bool begin_execution() override { return has_next_; }
  Decision next_thread(const SchedulingPoint& point) override;
  void end_execution(const ExecutionResult& result) override;
  std::string stop_reason() const override { return reason_; }

 private:
  struct Node {
    uint64_t todo = 0;
    ThreadId chosen = kNoThread;
  };
  std::vector<Node> choices_;  // one per call boundary of the current execution
  size_t boundary_ = 0;        // call boundaries passed in the current execution
  bool has_next_ = true;
  std::string reason_;
};

}  // namespace lineup::engine
