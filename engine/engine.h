// The embedded model checker's front door: runs programs under strategies and replays
// schedules. One Engine per OS thread at a time; executions run on that thread's fibers.
#pragma once

#include <functional>
#include <memory>
#include <vector>

#include "engine/execution_listener.h"
#include "engine/memory/block_names.h"
#include "engine/options.h"
#include "engine/outcome.h"
#include "engine/program.h"
#include "engine/strategy/replay.h"
#include "engine/strategy/strategy.h"
#include "engine/threads/fibers.h"

namespace lineup::engine {

class Execution;

class Engine {
 public:
  explicit Engine(EngineOptions options = {});
  /// Undoes the last execution's writes to static data (see Execution).
  ~Engine();
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;

  /// Registers a pointer-sized thread-local of an uninstrumented library that must follow
  /// logical threads (see Fibers::add_local). Returns its index for set_thread_local.
  int add_thread_local(void** slot) { return fibers_.add_local(slot); }
  /// The value thread-local `index` holds while logical thread `thread` runs.
  void set_thread_local(int index, ThreadId thread, void* value) {
    fibers_.set_local(index, thread, value);
  }
  /// Adds a listener called around every execution; it must outlive the engine's use.
  void add_listener(ExecutionListener* listener) { listeners_.push_back(listener); }

  /// Runs one execution of `program`; the strategy's begin_execution must already have
  /// returned true. The result (and the heap it names) stays valid until the next run. A
  /// result with thread_pointer_switched set (EngineOptions::thread_pointer_on_escape) turned
  /// options().thread_pointer_per_thread on: the caller starts the program's exploration over.
  const ExecutionResult& run(const Program& program, Strategy& strategy);
  /// Runs executions until the strategy has none left or `on_result` returns false. Returns
  /// the number of executions. Goes on after a result with thread_pointer_switched set: the
  /// caller stops (on_result returns false) if the strategy must start over.
  uint64_t explore(const Program& program, Strategy& strategy,
                   const std::function<bool(const ExecutionResult&)>& on_result);
  /// Replays `schedule` (checking each step against `expected` when given). A replay that
  /// ends before the schedule does is reported as a divergence. One that switched to a thread
  /// pointer per logical thread (see run) is replayed again in that mode.
  const ExecutionResult& replay(const Program& program, const Schedule& schedule,
                                const std::vector<ExpectedStep>& expected = {});

  const EngineOptions& options() const { return options_; }
  EngineOptions& options() { return options_; }
  const Fibers& fibers() const { return fibers_; }
  /// Names of the last execution's heap blocks, for its trace.
  const BlockNames& block_names() const;

 private:
  EngineOptions options_;
  Fibers fibers_;
  std::vector<ExecutionListener*> listeners_;
  // Held by pointer so that engine.h does not expose the execution's internals; it refers
  // to options_, fibers_ and listeners_, which therefore never move.
  std::unique_ptr<Execution> execution_;
  ExecutionResult result_;
};

}  // namespace lineup::engine
