// The choice of the priority-based strategies (PCT, POS): the enabled thread whose priority is
// highest.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "engine/transition.h"

namespace lineup::engine {

/// The thread t with bit t set in `enabled` and the highest `priority[t]` (the lowest such
/// thread on a tie); kNoThread when `enabled` is 0.
template <class Priority>
ThreadId highest_priority(uint64_t enabled, const std::vector<Priority>& priority) {
  ThreadId best = kNoThread;
  for (uint64_t m = enabled; m != 0; m &= m - 1) {
    int t = __builtin_ctzll(m);
    if (best == kNoThread ||
        priority[static_cast<size_t>(t)] > priority[static_cast<size_t>(best)]) {
      best = t;
    }
  }
  return best;
}

}  // namespace lineup::engine
