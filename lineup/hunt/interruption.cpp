#include "lineup/hunt/interruption.h"

#include <signal.h>

#include <atomic>

namespace lineup::hunt {
namespace {

std::atomic<int> requested{0};
std::atomic<bool> second_signal_kills{true};
static_assert(std::atomic<int>::is_always_lock_free, "read and written from a signal handler");

void on_signal(int sig) {
  int none = 0;
  if (!requested.compare_exchange_strong(none, sig) && second_signal_kills.load()) {
    // Asked twice: the default action, now.
    signal(sig, SIG_DFL);
    raise(sig);
  }
}

}  // namespace

void request_stop(int signal_number) {
  int none = 0;
  requested.compare_exchange_strong(none, signal_number);
}

int stop_signal() { return requested.load(std::memory_order_relaxed); }

void clear_stop() { requested.store(0); }

void stop_on_signals(bool second_kills) {
  second_signal_kills.store(second_kills);
  struct sigaction sa = {};
  sa.sa_handler = on_signal;
  // No SA_RESTART: a parent blocked in poll() wakes up to stop its workers.
  sa.sa_flags = 0;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, nullptr);
  sigaction(SIGTERM, &sa, nullptr);
}

}  // namespace lineup::hunt
