// A search confined to the executions that start with a prefix (a part of a verification
// split across workers, prefix_split.h): at each step of the prefix the wrapped strategy sees
// only the prefix's thread enabled, so it runs it and never backs up to try another there;
// past the prefix it searches as it would from the state the prefix reaches. At each step of
// the prefix the threads below its thread are put to sleep: an execution in which one of them
// runs its step there before anything dependent on it has a least linearization that starts
// with that thread, a class owned by another part, and a strategy with sleep sets (DPOR) does
// not explore it. Sleep sets only prune: which classes a part owns is still decided by
// owner_prefix().
#pragma once

#include <cstdint>
#include <string>

#include "engine/strategy/forwarding_strategy.h"
#include "lineup/hunt/prefix_split.h"

namespace lineup::hunt {

class PrefixStrategy final : public engine::ForwardingStrategy {
 public:
  /// `prefix` must outlive this.
  PrefixStrategy(engine::Strategy& inner, const Prefix& prefix)
      : ForwardingStrategy(inner), prefix_(prefix) {
    inner.fix_prefix(prefix.size());
  }

  engine::Decision next_thread(const engine::SchedulingPoint& point) override {
    if (point.step >= prefix_.size()) return inner_.next_thread(point);
    const engine::ThreadId t = prefix_[point.step];
    stopped_ = !point.is_enabled(t);
    if (stopped_) return engine::Decision::stop();
    engine::SchedulingPoint only = point;
    only.enabled = uint64_t{1} << t;
    // A lower thread whose step could move up to here by commuting with the steps before it
    // would make the class's least linearization start otherwise: another part's class. Asleep,
    // it keeps the search from running those (they were left to `owns` to count out before).
    only.asleep = point.unfinished & ((uint64_t{1} << t) - 1);
    return inner_.next_thread(only);
  }
  std::string stop_reason() const override {
    return stopped_ ? "the program did not run as when its search was split" : inner_.stop_reason();
  }

 private:
  const Prefix& prefix_;
  bool stopped_ = false;  // the last stop was this wrapper's
};

}  // namespace lineup::hunt
