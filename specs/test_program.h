// A concurrent test program: an optional sequential prefix of calls, then a few threads each
// making a few calls.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "specs/model.h"

namespace lineup::specs {

struct TestProgram {
  /// Calls made one after another on the fresh structure before the threads start.
  std::vector<Operation> init;
  /// Per thread, the operations of its calls, in order.
  std::vector<std::vector<Operation>> threads;

  /// Number of calls over all threads (the init prefix not counted).
  size_t calls() const;
  /// Size of the results vector of an execution: the threads' calls, then the init prefix.
  size_t results_size() const { return calls() + init.size(); }
  /// Index of call `index` of thread `thread` in thread-major order.
  size_t flat(int thread, int index) const;
  /// "init: push(1) | T0: push(1) pop() | T1: ..." using the model's names.
  std::string describe(const Model& model) const;
  bool operator==(const TestProgram&) const = default;
};

}  // namespace lineup::specs
