// Whether a shortcut of the judge is worth asking about the next execution. A shortcut (calls
// that ran one after another, a union relation that is a total order) costs a little on
// every execution it is asked about and settles only some; on a structure where it seldom
// succeeds (a lock-free one), asking every execution costs more than it saves.
#pragma once

#include <cstdint>

namespace lineup::checker {

class ShortcutTally {
 public:
  /// Whether to ask the shortcut now: always while at least one in 16 of the executions asked
  /// so far succeeded, and one execution in 16 otherwise, so that it is noticed when it
  /// starts succeeding. Counts the execution as asked when it says yes.
  bool worth_asking() {
    const bool worth = succeeded_ * 16 >= asked_ || ++passed_over_ % 16 == 0;
    asked_ += worth ? 1 : 0;
    return worth;
  }
  /// The shortcut succeeded on the execution just asked about.
  void succeeded() { ++succeeded_; }

 private:
  uint64_t asked_ = 0, succeeded_ = 0, passed_over_ = 0;
};

}  // namespace lineup::checker
