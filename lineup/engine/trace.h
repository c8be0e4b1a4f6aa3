// What one execution did: its transitions in order and the calls that enclose them.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "lineup/engine/transition.h"

namespace lineup::engine {

/// One call made by a logical thread, with the trace steps it spans.
struct CallSpan {
  ThreadId thread = kNoThread;
  int index_in_thread = 0;  // position in Program::threads[thread]
  size_t first_step = 0;    // trace index of the first step at or after the begin marker
  size_t end_step = 0;      // trace index one past the last step before the end marker
  bool completed = false;   // false when the execution stopped inside the call
};

/// The transitions of one execution and their grouping into calls.
struct Trace {
  std::vector<Transition> steps;
  std::vector<CallSpan> calls;

  void clear() {
    steps.clear();
    calls.clear();
  }
};

}  // namespace lineup::engine
