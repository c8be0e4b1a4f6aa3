// Hooks around every execution, for libraries whose own state must follow the engine's
// executions. Kept apart from execution.h so that users of engine.h do not see the execution.
#pragma once

namespace lineup::engine {

/// Notified around every execution (e.g. to recycle a library's per-thread state).
class ExecutionListener {
 public:
  virtual ~ExecutionListener() = default;
  /// Before setup, with the heap already reset.
  virtual void before_execution() {}
  /// After teardown or after a failure (`clean` false), before the heap is reset.
  virtual void after_execution(bool clean) { (void)clean; }
};

}  // namespace lineup::engine
