// A strategy that wraps another and passes every call on to it: the base of wrappers that
// change or observe one part (a choice, an execution's start) and leave the rest alone.
#pragma once

#include <string>

#include "engine/strategy/strategy.h"

namespace lineup::engine {

class ForwardingStrategy : public Strategy {
 public:
  /// Passes every call on to `inner`, which must outlive this.
  explicit ForwardingStrategy(Strategy& inner) : inner_(inner) {}
  bool begin_execution() override { return inner_.begin_execution(); }
  Decision next_thread(const SchedulingPoint& point) override { return inner_.next_thread(point); }
  uint32_t choose(const Choice& choice) override { return inner_.choose(choice); }
  void end_execution(const ExecutionResult& result) override { inner_.end_execution(result); }
  const HappensBefore* happens_before() const override { return inner_.happens_before(); }
  std::string stop_reason() const override { return inner_.stop_reason(); }
  Coverage coverage() const override { return inner_.coverage(); }
  int parts() const override { return inner_.parts(); }
  void fix_prefix(size_t steps) override { inner_.fix_prefix(steps); }
  // uniform_state() is not passed on (the default, none): a wrapper may change next_thread.

 protected:
  Strategy& inner_;
};

}  // namespace lineup::engine
