// Which step of an execution disabled a thread that could run its next step, a step of
// another thread. Whether a thread can run is not only a matter of the steps dependent with
// its next one: spin detection disables a thread that re-reads unchanged memory until one of
// the locations its loop read changes, so a write to any of them wakes it, and a write putting
// the value back puts it to sleep again, whatever location its next step reads. Optimal DPOR
// reverses races found by dependency alone; the step that disabled a thread that could run
// is a race of its own (the thread could have run first) that dependency may not show.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "engine/transition.h"

namespace lineup::engine {

class Disablers {
 public:
  static constexpr uint32_t kNone = UINT32_MAX;
  /// Recomputes them for an execution of `steps` steps: `enabled(m)` is the set of threads
  /// that could run at step m (bit t for thread t; 0 when not recorded), `step(m)` the step.
  /// Only memory accesses get a disabler: the waits of locks, condition variables and awaits
  /// are steps of their own, ordered by dependency with what ends them.
  template <class Enabled, class Step>
  void compute(size_t steps, Enabled&& enabled, Step&& step);
  /// The last step of another thread after which step x's thread, able to run step x, was
  /// disabled (it ran step x once enabled again); kNone when none.
  uint32_t disabler(size_t x) const { return disabler_[x]; }

 private:
  std::vector<uint32_t> disabler_;
  std::vector<uint32_t> next_;  // per thread, while computing
};

template <class Enabled, class Step>
void Disablers::compute(size_t steps, Enabled&& enabled, Step&& step) {
  disabler_.assign(steps, kNone);
  next_.assign(kMaxThreads, kNone);
  uint64_t before = steps == 0 ? 0 : enabled(0);
  for (size_t m = 0; m < steps; ++m) {
    const Transition& s = step(m);
    const auto t = static_cast<size_t>(s.thread);
    if (s.kind == Kind::kRead || s.kind == Kind::kWrite || s.kind == Kind::kRmw) {
      disabler_[m] = next_[t];
    }
    next_[t] = kNone;
    if (m + 1 == steps) break;
    const uint64_t after = enabled(m + 1);
    // A node of a fixed prefix given to the search (no threads recorded) tells nothing.
    const uint64_t others = before == 0 || after == 0 ? 0 : ~(uint64_t{1} << t);
    for (uint64_t off = before & ~after & others; off != 0; off &= off - 1) {
      next_[static_cast<size_t>(__builtin_ctzll(off))] = static_cast<uint32_t>(m);
    }
    before = after;
  }
}

}  // namespace lineup::engine
