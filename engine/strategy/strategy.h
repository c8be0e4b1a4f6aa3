// The interface between the engine and a search strategy. The engine runs one execution at a
// time; at each scheduling point it shows the strategy every thread's pending transition and
// which threads may run, and the strategy decides what happens next.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "engine/memory/choice.h"
#include "engine/outcome.h"
#include "engine/strategy/coverage.h"
#include "engine/strategy/decision.h"
#include "engine/trace.h"
#include "engine/transition.h"

namespace lineup::engine {

class HappensBefore;

/// The state a strategy decides on.
struct SchedulingPoint {
  uint64_t enabled = 0;           // bit t set when thread t can execute its pending transition
  uint64_t unfinished = 0;        // bit t set when thread t has not finished (blocked or not)
  ThreadId previous = kNoThread;  // the thread that executed the previous step
  int thread_count = 0;
  const Transition* pending = nullptr;  // pending[t], meaningful for unfinished threads
  const Trace* trace = nullptr;         // steps executed so far
  size_t step = 0;                      // index of the step about to be chosen
  // Threads the caller puts to sleep here, beside those the strategy puts itself: executions
  // in which one of them takes its pending step before anything it depends on has run are
  // another search's (a part of a split search, prefix_strategy.h). Read by strategies that
  // keep sleep sets (search_tree.h).
  uint64_t asleep = 0;

  bool is_enabled(ThreadId t) const { return (enabled >> t) & 1; }
};

/// Whether `decision` at `point` is a preemption: a switch away from a thread that could
/// have continued.
inline bool preempts(const SchedulingPoint& point, const Decision& decision) {
  return decision.runs() && point.previous != kNoThread && decision.thread != point.previous &&
         point.is_enabled(point.previous);
}

/// A search strategy. Its search state survives across executions; the engine calls
/// begin_execution, then next_thread once per step, then end_execution.
class Strategy {
 public:
  virtual ~Strategy() = default;
  /// Prepares the next execution. Returns false when there is nothing left to explore.
  virtual bool begin_execution() = 0;
  /// Decides the next step: the enabled thread whose pending transition executes next, or
  /// that the execution is abandoned as redundant, or stopped as a divergence (with
  /// stop_reason() as its message).
  virtual Decision next_thread(const SchedulingPoint& point) = 0;
  /// Decides a memory-model choice of the step just chosen (only in c11 mode, and only when
  /// there are at least two options). The default takes the SC option, so a strategy that
  /// does not override it sees the same executions in both modes.
  virtual uint32_t choose(const Choice& choice) { return choice.latest(); }
  /// Called after every execution, with its outcome and full trace.
  virtual void end_execution(const ExecutionResult& result) = 0;
  /// The happens-before of the last execution's whole trace, when end_execution computed it
  /// (nullptr otherwise), so that a caller that needs it too need not compute it again.
  virtual const HappensBefore* happens_before() const { return nullptr; }
  /// Why next_thread decided to stop.
  virtual std::string stop_reason() const { return "strategy stopped the execution"; }
  /// What the search has covered so far; nothing for strategies that sample.
  virtual Coverage coverage() const { return {}; }
  /// How many searches take turns in this strategy's executions (a portfolio's parts): a
  /// caller that caps the executions per program gives each part the cap.
  virtual int parts() const { return 1; }
  /// The first `steps` steps of every execution are fixed by the caller, which shows only the
  /// thread to run at each of them as enabled (a part of a split search): the other threads'
  /// branches there belong to other parts, and a strategy does not count them as lost coverage.
  virtual void fix_prefix(size_t steps) { (void)steps; }
  /// For the current execution, after begin_execution: the random state, when every
  /// next_thread of the execution is random_enabled_thread(state, enabled) (random_bits.h)
  /// and nothing else. The engine then makes each pick inline without building a
  /// SchedulingPoint, with the same result. nullptr (the default) otherwise.
  virtual uint64_t* uniform_state() { return nullptr; }
};

}  // namespace lineup::engine
