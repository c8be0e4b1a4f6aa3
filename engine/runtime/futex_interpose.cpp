// Replaces syscall() for the whole process, to catch futex waits in controlled code. C++20
// waiting (std::atomic<T>::wait, std::atomic_flag::wait, std::counting_semaphore, std::latch,
// std::barrier) is header code, so instrumented: it polls the value a while and then parks the
// OS thread with a futex syscall until another thread notifies. Under the engine that OS thread
// carries every logical thread, so parking it would stop the execution (the watchdog would
// report a hang). A futex wait in controlled code instead blocks its logical thread until the
// futex word no longer holds the expected value or some thread issues a futex wake (a wake-up
// the waiter did not need is a spurious one, which futex callers tolerate). A wait nobody ends
// is therefore a deadlock report. Wakes have nothing to do beyond counting.
#include <linux/futex.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cstdarg>
#include <cstdint>

#include "engine/execution.h"
#include "engine/modes.h"
#include "engine/runtime/real_function.h"
#include "engine/sync_steps.h"

// Futex wakes issued by controlled code on this OS thread. Waiters compare it with its value
// when they started waiting, so only its changes matter, not where it starts.
__thread uint64_t lineup::engine::tl_futex_wakes = 0;

namespace {

using lineup::engine::tl_futex_wakes;

struct FutexWait {
  const volatile int* word;
  int expected;
  uint64_t wakes;
};

bool futex_wait_over(void* arg) {
  const auto* w = static_cast<const FutexWait*>(arg);
  return *w->word != w->expected || tl_futex_wakes != w->wakes;
}

}  // namespace

extern "C" long syscall(long number, ...) noexcept {
  // The kernel takes at most six arguments, all in registers; reading six whatever the call
  // passed is how a forwarding syscall() works on x86-64.
  va_list ap;
  va_start(ap, number);
  long a[6];
  for (long& x : a) x = va_arg(ap, long);
  va_end(ap);
  lineup::engine::Execution* e = lineup::engine::tl_active;
  if (e != nullptr && number == SYS_futex) {
    switch (static_cast<int>(a[1]) & FUTEX_CMD_MASK) {
      case FUTEX_WAIT:
      case FUTEX_WAIT_BITSET: {
        // A word that no longer holds the value ends the wait at once, as the kernel's
        // EAGAIN would.
        FutexWait w{reinterpret_cast<const volatile int*>(a[0]), static_cast<int>(a[2]),
                    tl_futex_wakes};
        lineup::engine::SyncSteps(*e).block_until(
            &futex_wait_over, &w, reinterpret_cast<uintptr_t>(__builtin_return_address(0)),
            static_cast<uintptr_t>(a[0]));
        return 0;
      }
      case FUTEX_WAKE:
      case FUTEX_WAKE_BITSET:
        ++tl_futex_wakes;
        return 0;
      default:
        break;
    }
  }
  return LINEUP_REAL_FUNCTION(syscall)(number, a[0], a[1], a[2], a[3], a[4], a[5]);
}
