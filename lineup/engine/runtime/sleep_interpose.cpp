// Replaces the sleeping functions for the whole process. In controlled code a sleep returns at
// once, as sched_yield does: logical threads share one OS thread and time is not part of the
// model, so a real sleep only slows the search down (libcds's default flat-combining wait
// sleeps 2 ms per poll), and spin detection already decides when a polling thread may run
// again. A real sleep would also make executions differ: the watchdog's timer interrupts it at
// wall-clock moments, and the caller's EINTR path would then run in some runs of a schedule and
// not in others.
#include <time.h>
#include <unistd.h>

#include <cerrno>

#include "lineup/engine/runtime/modes.h"
#include "lineup/engine/runtime/real_function.h"

namespace {

// Controlled code: a scheduled logical thread, or the program's setup and teardown.
bool controlled() { return lineup::engine::tl_active != nullptr || lineup::engine::tl_heap_on; }

bool valid(const struct timespec* t) {
  return t != nullptr && t->tv_sec >= 0 && t->tv_nsec >= 0 && t->tv_nsec < 1000000000L;
}

}  // namespace

extern "C" {

int nanosleep(const struct timespec* req, struct timespec* rem) {
  if (controlled()) {
    if (valid(req)) return 0;
    errno = EINVAL;
    return -1;
  }
  return LINEUP_REAL_FUNCTION(nanosleep)(req, rem);
}

// Returns an error number rather than setting errno, as POSIX specifies.
int clock_nanosleep(clockid_t clock, int flags, const struct timespec* req, struct timespec* rem) {
  if (controlled()) return valid(req) ? 0 : EINVAL;
  return LINEUP_REAL_FUNCTION(clock_nanosleep)(clock, flags, req, rem);
}

// glibc's usleep and sleep call its internal nanosleep directly, so they are replaced too.
int usleep(useconds_t usec) {
  if (controlled()) return 0;
  return LINEUP_REAL_FUNCTION(usleep)(usec);
}

unsigned int sleep(unsigned int seconds) {
  if (controlled()) return 0;
  return LINEUP_REAL_FUNCTION(sleep)(seconds);
}

}  // extern "C"
