// Which steps of an execution enabled or disabled a thread that did not run them. Whether a
// thread can run is not only a matter of the steps dependent with its next one: spin
// detection disables a thread that re-reads unchanged memory until one of the locations its
// loop read changes, and a write to any of them (not only the one its next step reads) wakes
// it; a write restoring the value puts it back to sleep. Optimal DPOR reorders steps by
// dependency alone, so it needs these steps named to keep a woken thread's step after the
// step that woke it, and to try a step before the step that disabled its thread.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "engine/transition.h"

namespace lineup::engine {

class Enablers {
 public:
  static constexpr uint32_t kNone = UINT32_MAX;
  /// Recomputes them for an execution of `steps` steps: `enabled(m)` is the set of threads
  /// that could run at step m (bit t for thread t), `step(m)` the step. Only memory accesses
  /// get an enabler or disabler: the waits of locks, condition variables and awaits are
  /// steps of their own, ordered by dependency with what ends them.
  template <class Enabled, class Step>
  void compute(size_t steps, Enabled&& enabled, Step&& step);
  /// The last step after which step x's thread, disabled since its previous step, became
  /// enabled (a step of another thread); kNone when it stayed enabled since its previous step
  /// or was enabled by no step.
  uint32_t enabler(size_t x) const { return enabler_[x]; }
  /// The last step of another thread after which step x's thread, able to run step x, was
  /// disabled; kNone when none.
  uint32_t disabler(size_t x) const { return disabler_[x]; }
  /// The step before step x by the same thread; kNone for its first.
  uint32_t previous(size_t x) const { return previous_[x]; }

 private:
  std::vector<uint32_t> enabler_, disabler_, previous_;
  std::vector<uint32_t> next_enabler_, next_disabler_, last_;  // per thread, while computing
};

template <class Enabled, class Step>
void Enablers::compute(size_t steps, Enabled&& enabled, Step&& step) {
  enabler_.assign(steps, kNone);
  disabler_.assign(steps, kNone);
  previous_.assign(steps, kNone);
  next_enabler_.assign(kMaxThreads, kNone);
  next_disabler_.assign(kMaxThreads, kNone);
  last_.assign(kMaxThreads, kNone);
  uint64_t before = steps == 0 ? 0 : enabled(0);
  for (size_t m = 0; m < steps; ++m) {
    const Transition& s = step(m);
    const auto t = static_cast<size_t>(s.thread);
    if (s.kind == Kind::kRead || s.kind == Kind::kWrite || s.kind == Kind::kRmw) {
      enabler_[m] = next_enabler_[t];
      disabler_[m] = next_disabler_[t];
    }
    previous_[m] = last_[t];
    last_[t] = static_cast<uint32_t>(m);
    next_enabler_[t] = next_disabler_[t] = kNone;
    if (m + 1 == steps) break;
    const uint64_t after = enabled(m + 1);
    // A node of a fixed prefix given to the search (no threads recorded) tells nothing.
    const uint64_t others = before == 0 || after == 0 ? 0 : ~(uint64_t{1} << t);
    for (uint64_t on = after & ~before & others; on != 0; on &= on - 1) {
      next_enabler_[static_cast<size_t>(__builtin_ctzll(on))] = static_cast<uint32_t>(m);
    }
    for (uint64_t off = before & ~after & others; off != 0; off &= off - 1) {
      next_disabler_[static_cast<size_t>(__builtin_ctzll(off))] = static_cast<uint32_t>(m);
    }
    before = after;
  }
}

}  // namespace lineup::engine
