// Hang detection: controlled code that makes no step for the hang timeout (a loop without
// shared-memory accesses, a blocking call) is stopped. The execution notes progress at every
// step; a timer signal ticks the watchdog while controlled code runs (crash_guard.cpp).
#pragma once

#include <cstdint>

namespace lineup::engine {

class Watchdog {
 public:
  /// The execution made a step or started. On the engine's hot path, hence inline and a
  /// plain increment.
  void note_progress() { ++progress_; }
  /// A timer tick, `elapsed_ms` after the previous one, from a signal handler. True when no
  /// progress was noted for `timeout_ms`, which restarts the count.
  bool tick(int elapsed_ms, int timeout_ms) {
    if (progress_ != watched_progress_) {
      watched_progress_ = progress_;
      idle_ms_ = 0;
      return false;
    }
    idle_ms_ += elapsed_ms;
    if (idle_ms_ < timeout_ms) return false;
    idle_ms_ = 0;
    return true;
  }

 private:
  uint64_t progress_ = 0;  // changes whenever the execution makes a step or starts
  uint64_t watched_progress_ = 0;
  int idle_ms_ = 0;
};

}  // namespace lineup::engine
