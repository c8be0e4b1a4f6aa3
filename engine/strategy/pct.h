// PCT, probabilistic concurrency testing (Burckhardt, Kothari, Musuvathi, Nagarakatte, ASPLOS
// 2010): threads get random distinct priorities and the highest-priority enabled thread always
// runs; at d-1 random steps the running thread's priority drops below all others. A bug of
// depth d is found with probability at least 1/(n k^(d-1)) per execution (n threads, k steps).
#pragma once

#include <cstdint>
#include <vector>

#include "engine/strategy/execution_budget.h"
#include "engine/strategy/random_choice.h"
#include "engine/strategy/strategy.h"

namespace lineup::engine {

class PctStrategy final : public Strategy {
 public:
  /// `depth` d >= 1 (d-1 priority change points per execution); `executions` 0 = unbounded.
  /// The same seed gives the same sequence of schedules for the same program.
  PctStrategy(uint64_t seed, int depth = 3, uint64_t executions = 0);
  bool begin_execution() override;
  Decision next_thread(const SchedulingPoint& point) override;
  /// c11 mode: the SC option half the time, else any (random_choice.h).
  uint32_t choose(const Choice& choice) override { return random_choice(rng_, choice); }
  void end_execution(const ExecutionResult& result) override;

  /// The steps of the current (or last) execution at which a priority change happens, sorted.
  const std::vector<size_t>& change_points() const { return change_points_; }
  /// The initial priorities of the current (or last) execution, per thread (higher runs).
  const std::vector<int>& initial_priorities() const { return initial_; }

 private:
  void start(int threads);

  uint64_t rng_;
  int depth_;
  ExecutionBudget budget_;
  size_t estimated_steps_ = 100;  // k: the longest execution seen so far
  bool started_ = false;
  size_t next_change_ = 0;  // index into change_points_
  std::vector<int> initial_, priority_;
  std::vector<size_t> change_points_;
  std::vector<int> lowered_to_;  // priority given at each change point (same order)
};

}  // namespace lineup::engine
