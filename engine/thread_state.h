// What an execution tracks of each logical thread beside its fiber: the call it is in, its spin
// window and whether it is blocked as spinning, its retry rounds, whether its stack is reachable by
// others, and in c11 mode the locations it must read the newest store of.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/waiting/retry_rounds.h"
#include "engine/waiting/spin_window.h"

namespace lineup::engine {

struct ThreadState {
  bool spin_blocked = false;
  int32_t call = -1;  // index of the current call span
  /// A pointer into this thread's stack was written outside it: other threads may reach
  /// the stack, so every access to it is a step from now on.
  bool stack_published = false;
  SpinWindow spin;
  /// Where its marked retry loops' rounds started, and whether one was cut (retry_rounds.h).
  RetryRounds retry;
  /// Addresses on this thread's stack that another thread has accessed in this execution
  /// (a wait node on the stack, linked into a queue of waiters): the other thread may
  /// change them, so a loop reading them can be a spin.
  std::vector<uintptr_t> shared_stack;
  /// c11 mode: locations whose atomic reads read the newest store for the rest of the
  /// current call (reads_latest_only).
  std::vector<uintptr_t> latest_only;
  /// While the thread waits on a condition variable or in block_until from code without
  /// source of its own (the C++ library's wait): the return address of the first frame with
  /// source (call_site.h), which reports name before the library's; 0 otherwise.
  uintptr_t wait_site = 0;

  /// Back to a thread that has not started. In place: the spin window's ring is 10 KB,
  /// and an emptied window never reads what it holds.
  void restart() {
    spin_blocked = stack_published = false;
    call = -1;
    wait_site = 0;
    spin.clear();
    retry.restart();
    shared_stack.clear();
    latest_only.clear();
  }
  bool stack_shared(uintptr_t addr) const {
    for (uintptr_t a : shared_stack) {
      if (a == addr) return true;
    }
    return false;
  }
};

}  // namespace lineup::engine
