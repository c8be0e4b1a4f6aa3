// Clocks for what the hunt reads once per execution. A steady_clock read costs about 24 ns
// here (a few percent of a 3 us execution, read up to three times per execution); the two
// below cost 5-10 ns.
#pragma once

#include <chrono>
#include <cstdint>
#include <ctime>

namespace lineup::hunt {

/// Seconds on the coarse monotonic clock: its resolution is the kernel's tick (a few
/// milliseconds), enough to tell when a budget has run out.
inline double coarse_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_MONOTONIC_COARSE, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

/// Adds up the time between start() and stop() calls, read from the processor's time-stamp
/// counter where there is one, converted to seconds by comparing the counter with
/// steady_clock over the timer's life (the counter runs at a constant rate on the machines
/// the engine supports, but its rate is not known in advance).
class IntervalTimer {
 public:
  IntervalTimer() : born_(std::chrono::steady_clock::now()), born_ticks_(ticks()) {}

  void start() { started_ = ticks(); }
  void stop() { total_ += ticks() - started_; }

  /// The time added up so far.
  double seconds() const {
    const uint64_t lived = ticks() - born_ticks_;
    if (lived == 0) return 0;
    const double wall =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - born_).count();
    return static_cast<double>(total_) * wall / static_cast<double>(lived);
  }

 private:
  static uint64_t ticks() {
#if defined(__x86_64__)
    return __builtin_ia32_rdtsc();  // GCC's and Clang's builtin: no intrinsics header needed
#else
    return static_cast<uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count());
#endif
  }

  std::chrono::steady_clock::time_point born_;
  uint64_t born_ticks_;
  uint64_t started_ = 0, total_ = 0;
};

}  // namespace lineup::hunt
