#include "engine/waiting/virtual_clock.h"

#include <cstdint>

namespace lineup::engine {
namespace {

constexpr int64_t kNsPerSecond = VirtualClock::kNsPerSecond;
// About 146 years: later than any real deadline, yet a clock's start plus this much does not
// overflow.
constexpr int64_t kFarFutureNs = INT64_MAX / 2;

// Deadlines such as time_point::max() saturate instead of overflowing.
int64_t to_ns(const timespec& t) {
  if (t.tv_sec >= kFarFutureNs / kNsPerSecond) return kFarFutureNs;
  if (t.tv_sec <= -kFarFutureNs / kNsPerSecond) return -kFarFutureNs;
  return t.tv_sec * kNsPerSecond + t.tv_nsec;
}

timespec from_ns(int64_t ns) {
  return timespec{static_cast<time_t>(ns / kNsPerSecond), static_cast<long>(ns % kNsPerSecond)};
}

}  // namespace

bool VirtualClock::models(clockid_t clock) {
  switch (clock) {
    case CLOCK_REALTIME:
    case CLOCK_REALTIME_COARSE:
    case CLOCK_TAI:
    case CLOCK_MONOTONIC:
    case CLOCK_MONOTONIC_RAW:
    case CLOCK_MONOTONIC_COARSE:
    case CLOCK_BOOTTIME:
    case CLOCK_PROCESS_CPUTIME_ID:
    case CLOCK_THREAD_CPUTIME_ID:
      return true;
    default:
      return false;
  }
}

int64_t VirtualClock::start_ns(clockid_t clock) {
  switch (clock) {
    case CLOCK_REALTIME:
    case CLOCK_REALTIME_COARSE:
    case CLOCK_TAI:
      return kRealtimeStartNs;
    case CLOCK_PROCESS_CPUTIME_ID:
    case CLOCK_THREAD_CPUTIME_ID:
      return 0;
    default:
      return kMonotonicStartNs;
  }
}

timespec VirtualClock::read(clockid_t clock) {
  timespec now = from_ns(start_ns(clock) + elapsed_ns_);
  elapsed_ns_ += kTickNs;
  ++readings_;
  return now;
}

void VirtualClock::sleep(int64_t ns) {
  if (ns > 0) elapsed_ns_ = ns >= kFarFutureNs - elapsed_ns_ ? kFarFutureNs : elapsed_ns_ + ns;
}

void VirtualClock::sleep(const timespec& duration) { sleep(to_ns(duration)); }

int64_t VirtualClock::remaining_ns(const Deadline& deadline) const {
  return to_ns(deadline.at) - start_ns(deadline.clock) - elapsed_ns_;
}

}  // namespace lineup::engine
