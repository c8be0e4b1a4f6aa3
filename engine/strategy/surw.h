// SURW, selectively uniform random walk (Zhao, Wolff, Mathur, Roychoudhury, ASPLOS 2025): a
// random walk that picks a thread with probability proportional to the number of
// *interesting* events it has left. When those counts are exact and the threads never block,
// every interleaving of the interesting events is equally likely (n_t / sum n is the share of
// the remaining interleavings that start with thread t), where plain random walk makes a
// short thread almost always run early.
//
// The selection: each execution draws one contended location (one that at least two threads
// accessed in the last completed execution of the same program: a shared variable, a lock)
// and only steps on it are interesting. A thread whose pending step is elsewhere may run
// first (drawn uniformly among them), since where its uninteresting steps fall does not change
// the order of the interesting ones; when every enabled thread waits at an interesting step,
// one is drawn by weight. A thread's count is its steps on the location in the last completed
// execution minus those it has taken since, at least 1. Running steps elsewhere first leaves
// some interleavings out while a location is selected, so "every step" is drawn as one more
// option besides the contended locations (uniform over all interleavings): every interleaving
// keeps a chance. The first execution, with nothing to estimate from, is a plain random walk.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/strategy/execution_budget.h"
#include "engine/strategy/random_choice.h"
#include "engine/strategy/strategy.h"

namespace lineup::engine {

class SurwStrategy final : public Strategy {
 public:
  /// Runs `executions` executions (unbounded when 0). The same seed gives the same sequence
  /// of schedules for the same program.
  explicit SurwStrategy(uint64_t seed, uint64_t executions = 0);
  bool begin_execution() override;
  Decision next_thread(const SchedulingPoint& point) override;
  /// c11 mode: the SC option half the time, else any (random_choice.h).
  uint32_t choose(const Choice& choice) override { return random_choice(rng_, choice); }
  /// Learns the contended locations and per-thread step counts of a completed execution,
  /// and draws the location the next execution selects.
  void end_execution(const ExecutionResult& result) override;

  /// The interesting steps per thread the next execution weighs by (empty: none yet).
  const std::vector<uint64_t>& estimates() const { return estimate_; }
  /// The location whose steps are interesting in the next execution (0: every step).
  uintptr_t selected() const { return selected_; }

 private:
  void learn(const Trace& trace);
  void select_next();
  bool interesting(const Transition& t) const { return selected_ == 0 || t.addr == selected_; }

  uint64_t rng_;
  ExecutionBudget budget_;
  std::vector<uintptr_t> contended_;           // in first-step order
  std::vector<std::vector<uint64_t>> counts_;  // [contended index][thread]: steps there
  std::vector<uint64_t> totals_;               // per thread: all its steps there
  uintptr_t selected_ = 0;
  std::vector<uint64_t> estimate_;  // per thread: interesting steps expected this execution
  std::vector<uint64_t> taken_;     // per thread: interesting steps chosen so far
};

}  // namespace lineup::engine
