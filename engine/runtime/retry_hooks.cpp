// The calls the compiler plugin (plugin/retry_loops.cpp) puts on the entry and back edges of
// the retry loops it proves carry no state from round to round. Outside controlled code they
// do nothing.
#include "engine/execution.h"
#include "engine/runtime/controlled_calls.h"

namespace le = lineup::engine;

extern "C" {

void __lineup_retry_enter(const void* loop) {
  if (le::Execution* e = le::controlled_execution()) {
    e->on_retry_round(static_cast<const char*>(loop), false);
  }
}

void __lineup_retry_again(const void* loop) {
  if (le::Execution* e = le::controlled_execution()) {
    e->on_retry_round(static_cast<const char*>(loop), true);
  }
}

}  // extern "C"
