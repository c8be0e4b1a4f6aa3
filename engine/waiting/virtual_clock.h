// The clock that controlled code reads. Logical threads share one OS thread and the engine
// decides when each runs, so wall-clock time says nothing about the schedule; worse, reading it
// would make a replayed schedule see other times than the original run, and code that waits
// for a deadline by sleeping would wait for real. Controlled code therefore reads a virtual
// clock, one per execution, which starts at the same instant in every execution and moves
// only forward: by the length of every sleep (which returns at once), to the deadline of a
// timed wait that times out (which happens only when nothing else can run), and by kTick at
// every reading, so that a loop polling the clock for a deadline also ends.
//
// Time is not a source of races: readings and sleeps are not steps, so the exploration treats
// executions that differ only in whose sleep came before whose reading as equivalent. Such
// executions can read different times, and code can turn a time into a different result
// without taking different steps (a timestamp written and returned): the class then does not
// determine the results. So the hunt's per-class verdict cache (search.cpp) is used only for
// executions whose threads read no clock (ExecutionResult::clock_readings == 0). Without
// readings the class does determine them: every value a thread reads from memory is the one
// the write before it in happens-before wrote, so, by induction along happens-before, each
// thread computes the same values, takes the same steps and returns the same results; sleeps
// that nobody reads are invisible (timed waits compute their deadlines from readings).
#pragma once

#include <time.h>

#include <cstdint>

namespace lineup::engine {

/// An absolute deadline on one of the clocks.
struct Deadline {
  clockid_t clock = CLOCK_REALTIME;
  timespec at{};
};

class VirtualClock {
 public:
  static constexpr int64_t kNsPerSecond = 1000000000LL;
  /// How far a reading advances the clock.
  static constexpr int64_t kTickNs = 1000;
  /// Where the clocks start: CLOCK_REALTIME at 2026-01-01 00:00:00 UTC, the monotonic clocks at
  /// one hour (not at zero, which code may take for "unset"), the CPU-time clocks at zero.
  static constexpr int64_t kRealtimeStartNs = 1767225600LL * 1000000000LL;
  static constexpr int64_t kMonotonicStartNs = 3600LL * 1000000000LL;

  /// Back to the start of an execution.
  void reset() { elapsed_ns_ = 0, readings_ = 0; }
  /// How many times read() was called since reset().
  uint64_t readings() const { return readings_; }
  /// Whether `clock` is one this clock models (the realtime, monotonic, boot-time and CPU-time
  /// clocks); others (dynamic clocks of devices) are left to the system.
  static bool models(clockid_t clock);
  /// The time on `clock` (one it models) now; then the clock moves on by kTickNs.
  timespec read(clockid_t clock);
  /// A sleep of `ns` nanoseconds (negative counts as zero).
  void sleep(int64_t ns);
  /// A sleep of `duration` (a relative timespec).
  void sleep(const timespec& duration);
  /// A sleep until `deadline`: the clock moves to it unless it is already past.
  void sleep_until(const Deadline& deadline) { sleep(remaining_ns(deadline)); }
  /// How long until `deadline` (negative when past).
  int64_t remaining_ns(const Deadline& deadline) const;
  /// Nanoseconds since the start of the execution.
  int64_t elapsed_ns() const { return elapsed_ns_; }

 private:
  static int64_t start_ns(clockid_t clock);

  int64_t elapsed_ns_ = 0;
  uint64_t readings_ = 0;
};

}  // namespace lineup::engine
