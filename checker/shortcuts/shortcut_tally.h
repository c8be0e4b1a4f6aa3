// Whether a shortcut of the judge is worth asking about the next execution. A shortcut (calls
// that ran one after another, a union relation that is a total order, a union relation with
// a cycle, which no kept witness fits) costs a little on
// every execution it is asked about and settles only some; on a structure where it seldom
// succeeds (a lock-free one), asking every execution costs more than it saves.
#pragma once

#include <cstdint>

namespace lineup::checker {

class ShortcutTally {
 public:
  /// A shortcut worth asking while it succeeds on at least one execution in `one_in`.
  explicit ShortcutTally(uint64_t one_in = 16) : one_in_(one_in) {}

  /// Whether to ask the shortcut now: always while at least one in `one_in` of the executions
  /// asked so far succeeded, and one execution in `one_in` otherwise, so that it is noticed
  /// when it starts succeeding. Counts the execution as asked when it says yes.
  bool worth_asking() {
    const bool worth = succeeded_ * one_in_ >= asked_ || ++passed_over_ % one_in_ == 0;
    asked_ += worth ? 1 : 0;
    return worth;
  }
  /// The shortcut succeeded on the execution just asked about.
  void succeeded() { ++succeeded_; }

 private:
  uint64_t one_in_;
  uint64_t asked_ = 0, succeeded_ = 0, passed_over_ = 0;
};

}  // namespace lineup::checker
