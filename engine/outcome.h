// How an execution ended, with what is needed to report and reproduce it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/schedule.h"
#include "engine/trace.h"

namespace lineup::engine {

enum class Outcome {
  kCompleted,          // every thread finished and teardown ran
  kDeadlock,           // unfinished threads, all waiting (on locks, conditions, predicates,
                       // or spinning on memory no thread will change)
  kStepLimit,          // the per-execution step limit was reached
  kCrash,              // a signal (segfault, abort, failed assert, ...) in controlled code
  kUseAfterFree,       // an access to a freed block of the execution's heap
  kDoubleFree,         // a block freed twice
  kInvalidFree,        // free of a pointer that was never returned by the allocator
  kUncaughtException,  // an exception escaped a call
  kDivergence,         // a replayed schedule did not reproduce its recorded steps
  kAbandoned,          // the strategy stopped it as redundant (not a failure)
  kHang,               // controlled code ran for EngineOptions::hang_timeout_ms without a step
  kDataRace,           // c11 mode: two plain accesses to one address, one a write, unordered
                       // by happens-before (weak_memory.h)
  kProcessExit,        // controlled code called exit, _Exit, _exit or quick_exit
  kUnsupportedCall,    // controlled code called a function whose effects lineup cannot control:
                       // it starts an OS thread or a process, or does file or socket I/O
                       // (engine/runtime/unsupported_calls.h)
};

/// "completed", "deadlock", "use-after-free", ...
const char* to_string(Outcome outcome);

/// The result of one execution. `trace` and `schedule` cover the steps executed up to the end
/// (for failures: up to and including the failing step when it is a transition).
struct ExecutionResult {
  Outcome outcome = Outcome::kCompleted;
  std::string message;          // human-readable detail of a failure, empty on success
  ThreadId thread = kNoThread;  // the thread that failed, if one did
  Trace trace;
  Schedule schedule;
  /// Coverage the execution gave up on: times spin detection blocked a thread (its further
  /// identical rounds are not explored), and timed waits made to time out because nothing
  /// else could run (the other timings of the timeout are not explored).
  uint32_t spin_blocks = 0;
  uint32_t forced_timeouts = 0;
  /// c11 mode: spin loops whose rounds re-read a stale value while a newer store existed; their
  /// locations then read only their newest stores, so the read choices of their further
  /// rounds are not explored.
  uint32_t stale_spin_cuts = 0;
  /// c11 mode: data races not reported because EngineOptions::race_suppressions matched them.
  uint32_t suppressed_races = 0;
  /// Clock readings by the logical threads (setup's are the same in every execution); when
  /// not 0, equivalent executions may have read different times (virtual_clock.h).
  uint64_t clock_readings = 0;
  /// Threads whose stack another thread reached through a pointer no hook saw written
  /// (uninstrumented code, a copy of a size known only at run time): their accesses to it
  /// before then were no steps, so interleavings with those accesses may be missed
  /// (EngineOptions::private_stack_steps rules this out).
  uint32_t late_stack_publications = 0;
  /// A thread-local's address reached shared memory while every logical thread saw its
  /// thread-locals at one address (EngineOptions::thread_pointer_on_escape): the execution was
  /// cut short as kAbandoned, and the engine gives each logical thread its own thread pointer
  /// from the next execution on. Nothing about this execution says anything about the program.
  bool thread_pointer_switched = false;
  /// With EngineOptions::cut_retry_rounds: the execution ended as kAbandoned because a thread
  /// went round the marked retry loop named here ("file:line:col") without effect, and a
  /// location that round read has changed since (retry_rounds.h); empty otherwise. The
  /// execution without that round has the same history and is explored.
  std::string retry_cut_loop;
  /// With EngineOptions::rc11_seq_cst: the execution ended kAbandoned because its seq_cst
  /// events have no order RC11's psc admits; it is no execution of the program.
  bool inconsistent = false;
  /// With EngineOptions::record_idle_rounds: the rounds of marked retry loops that changed
  /// nothing, each as its thread and the span of trace steps [from, to) in which the round's
  /// steps are that thread's. The execution without them has the same history.
  struct IdleRound {
    ThreadId thread;
    size_t from, to;
  };
  std::vector<IdleRound> idle_rounds;
  /// Where the execution preempted: for each switch away from a thread that could have
  /// continued, in order, the pc of that thread's pending step.
  std::vector<uintptr_t> preempted_pcs;

  bool ok() const { return outcome == Outcome::kCompleted; }
  /// A bug report: neither completed nor abandoned by the strategy.
  bool failed() const { return outcome != Outcome::kCompleted && outcome != Outcome::kAbandoned; }
};

}  // namespace lineup::engine
