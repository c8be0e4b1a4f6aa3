// Replays one recorded schedule, checking step by step that the execution does what it did
// when it was recorded.
#pragma once

#include <string>
#include <vector>

#include "engine/schedule.h"
#include "engine/strategy/strategy.h"

namespace lineup::engine {

/// What a recorded step is expected to be, to detect divergence. `pc_offset` is the pc's
/// offset within its executable image, so it is stable across runs of one binary; 0 skips the
/// pc comparison (e.g. for steps recorded by another build).
struct ExpectedStep {
  ThreadId thread = kNoThread;
  Kind kind = Kind::kRead;
  uintptr_t pc_offset = 0;
};

/// The expectations of every step of a recorded trace.
std::vector<ExpectedStep> expected_steps(const Trace& trace);

/// Runs exactly one execution following `schedule`. With `expected` (same length as the
/// schedule) every step's thread, kind and pc are compared to the recording; the first
/// mismatch stops the execution as a divergence naming the step, what was expected and what
/// happened ("step 17: expected T1 CAS at queue.hpp:123, got T1 load at queue.hpp:120").
class ReplayStrategy final : public Strategy {
 public:
  explicit ReplayStrategy(Schedule schedule, std::vector<ExpectedStep> expected = {});
  bool begin_execution() override;
  Decision next_thread(const SchedulingPoint& point) override;
  /// The schedule's next memory-model choice; past its end (an SC schedule replayed in c11
  /// mode) the SC option. A recorded choice the execution does not offer is a divergence.
  uint32_t choose(const Choice& choice) override;
  void end_execution(const ExecutionResult& result) override;
  std::string stop_reason() const override { return reason_; }

 private:
  Decision diverge(std::string reason);

  Schedule schedule_;
  std::vector<ExpectedStep> expected_;
  bool started_ = false;
  size_t next_choice_ = 0;
  std::string reason_;
};

}  // namespace lineup::engine
