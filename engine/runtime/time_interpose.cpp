// Replaces the functions that read the clock or sleep, for the whole process. Controlled code
// (logical threads, setup, teardown) gets its execution's virtual clock (virtual_clock.h),
// everyone else the system's; std::chrono's clocks and std::this_thread::sleep_for call these.
//
// In controlled code a sleep returns at once, as sched_yield does, having moved the virtual
// clock on by its length: logical threads share one OS thread, so a real sleep only slows the
// search down (libcds's default flat-combining wait sleeps 2 ms per poll), and spin detection
// already decides when a polling thread may run again. A real sleep would also make executions
// differ: the watchdog's timer interrupts it at wall-clock moments, and the caller's EINTR path
// would then run in some runs of a schedule and not in others.
//
// poll with no file descriptors is a sleep too (liburcu's wait-free queue and stack wait for a
// half-finished push that way), and is replaced for the same reasons.
#include <poll.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include <cerrno>

#include "engine/execution.h"
#include "engine/modes.h"
#include "engine/runtime/real_function.h"

namespace {

// The virtual clock when controlled code runs (a scheduled logical thread, or the program's
// setup and teardown), else nullptr.
lineup::engine::VirtualClock* virtual_clock() {
  using namespace lineup::engine;
  if ((tl_active == nullptr && !tl_heap_on) || tl_execution == nullptr) return nullptr;
  return &tl_execution->clock();
}

constexpr int64_t kNsPerSecond = lineup::engine::VirtualClock::kNsPerSecond;

bool valid(const struct timespec* t) {
  return t != nullptr && t->tv_sec >= 0 && t->tv_nsec >= 0 && t->tv_nsec < kNsPerSecond;
}

}  // namespace

extern "C" {

int clock_gettime(clockid_t clock, struct timespec* t) noexcept {
  lineup::engine::VirtualClock* c = virtual_clock();
  if (c == nullptr || !c->models(clock)) return LINEUP_REAL_FUNCTION(clock_gettime)(clock, t);
  *t = c->read(clock);
  return 0;
}

// The time zone argument is obsolete; a non-null one is filled by the system's function.
int gettimeofday(struct timeval* tv, void* tz) noexcept {
  lineup::engine::VirtualClock* c = virtual_clock();
  if (c == nullptr || tz != nullptr) return LINEUP_REAL_FUNCTION(gettimeofday)(tv, tz);
  timespec now = c->read(CLOCK_REALTIME);
  tv->tv_sec = now.tv_sec;
  tv->tv_usec = now.tv_nsec / 1000;
  return 0;
}

time_t time(time_t* out) noexcept {
  lineup::engine::VirtualClock* c = virtual_clock();
  if (c == nullptr) return LINEUP_REAL_FUNCTION(time)(out);
  time_t now = c->read(CLOCK_REALTIME).tv_sec;
  if (out != nullptr) *out = now;
  return now;
}

int nanosleep(const struct timespec* req, struct timespec* rem) {
  if (lineup::engine::VirtualClock* c = virtual_clock()) {
    if (!valid(req)) {
      errno = EINVAL;
      return -1;
    }
    c->sleep(*req);
    return 0;
  }
  return LINEUP_REAL_FUNCTION(nanosleep)(req, rem);
}

// Returns an error number rather than setting errno, as POSIX specifies.
int clock_nanosleep(clockid_t clock, int flags, const struct timespec* req, struct timespec* rem) {
  if (lineup::engine::VirtualClock* c = virtual_clock()) {
    if (!valid(req) || !c->models(clock)) return EINVAL;
    if ((flags & TIMER_ABSTIME) != 0) {
      c->sleep_until({clock, *req});
    } else {
      c->sleep(*req);
    }
    return 0;
  }
  return LINEUP_REAL_FUNCTION(clock_nanosleep)(clock, flags, req, rem);
}

// glibc's usleep and sleep call its internal nanosleep directly, so they are replaced too.
int usleep(useconds_t usec) {
  if (lineup::engine::VirtualClock* c = virtual_clock()) {
    c->sleep(static_cast<int64_t>(usec) * 1000);
    return 0;
  }
  return LINEUP_REAL_FUNCTION(usleep)(usec);
}

unsigned int sleep(unsigned int seconds) {
  if (lineup::engine::VirtualClock* c = virtual_clock()) {
    c->sleep(static_cast<int64_t>(seconds) * kNsPerSecond);
    return 0;
  }
  return LINEUP_REAL_FUNCTION(sleep)(seconds);
}

// Only the form without descriptors is a sleep; a negative timeout there waits forever, which
// the real function does (the watchdog reports the hang).
int poll(struct pollfd* fds, nfds_t nfds, int timeout_ms) {
  if (nfds == 0 && timeout_ms >= 0) {
    if (lineup::engine::VirtualClock* c = virtual_clock()) {
      c->sleep(static_cast<int64_t>(timeout_ms) * 1000 * 1000);
      return 0;
    }
  }
  return LINEUP_REAL_FUNCTION(poll)(fds, nfds, timeout_ms);
}

}  // extern "C"
