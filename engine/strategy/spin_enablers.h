// Which writes of other threads let a spinning thread's step run. Spin detection disables a
// thread about to start a third identical round of a loop while every location the round
// read or wrote is back in the state the round started from; a write of another thread to one
// of them since the round accessed it is what lets the step run. Dependency does not show it
// when the step reads another location (a dequeue's round reads the index, then swaps the
// slots; an enqueue's store to a slot lets the next round start). Optimal DPOR orders such a
// step after those writes (the spin decision reads every location the round watched), so that
// a wakeup sequence that leaves the writes out leaves the step out too.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "engine/trace.h"

namespace lineup::engine {

class SpinEnablers {
 public:
  /// Recomputes them for `trace`. A step gets enablers when it is a read (or failing
  /// compare-exchange) that starts a third round of its thread's loop identical, step by step
  /// (location, instruction, values), to the two before it in the same call: then its thread
  /// could only run it because memory had changed. Its enablers are the writes of other
  /// threads, between the start of the last round and the step, to a location the round had
  /// accessed before them.
  void compute(const Trace& trace, int threads);
  /// The enablers of step x, in increasing order (empty for most steps).
  std::span<const uint32_t> of(size_t x) const {
    return {list_.data() + start_[x], list_.data() + start_[x + 1]};
  }

 private:
  std::vector<uint32_t> start_;  // per step, into list_; one more than steps
  std::vector<uint32_t> list_;
  std::vector<std::vector<uint32_t>> own_;  // per thread, its memory steps of the current call
};

}  // namespace lineup::engine
