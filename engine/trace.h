// What one execution did: its transitions in order and the calls that enclose them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/transition.h"

namespace lineup::engine {

/// One call made by a logical thread, with the trace steps it spans.
struct CallSpan {
  ThreadId thread = kNoThread;
  int index_in_thread = 0;  // position in Program::threads[thread]
  size_t first_step = 0;    // trace index of the first step at or after the begin marker
  size_t end_step = 0;      // trace index one past the last step before the end marker
  bool completed = false;   // false when the execution stopped inside the call
};

/// What the weak memory model (c11 mode) decided at one step: which store a load read, or
/// where in modification order a store went when it did not go last.
struct WeakNote {
  enum class Kind : uint8_t { kRead, kPlacement };
  size_t step = 0;      // the load or store
  int64_t source = -1;  // kRead: step of the store read (-1: the initial value);
                        // kPlacement: step of the store it went just before (-1: initial)
  uint32_t newer = 0;   // kRead: stores later in modification order than the one read (0: it
                        // read the latest); kPlacement: stores it went before
  Kind kind = Kind::kRead;
};

/// c11 mode: the calling thread's vector clock (weak_memory.h) at a call's invocation and at
/// its response. Call x precedes call y of another thread when y's invocation knows x's
/// response: what x did happens before what y does (the checker's order in c11 mode, where
/// the interleaving's real-time order says nothing about what a thread has seen).
struct CallClocks {
  std::vector<uint32_t> invocation, response;
};

/// The transitions of one execution and their grouping into calls.
struct Trace {
  std::vector<Transition> steps;
  std::vector<CallSpan> calls;
  std::vector<WeakNote> weak{};           // c11 mode only, in step order
  std::vector<CallClocks> call_clocks{};  // c11 mode only, one per call (as `calls`)

  void clear() {
    steps.clear();
    calls.clear();
    weak.clear();
    call_clocks.clear();
  }
};

}  // namespace lineup::engine
