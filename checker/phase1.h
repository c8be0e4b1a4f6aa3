// Line-Up's phase 1: run every serial order of a program's whole calls under the engine and
// record the outcome (every call's result) of each. The implementation defines its own
// specification: an execution of phase 2 is linearizable iff some serial order consistent
// with its precedence produced exactly its results. Every order runs twice: an order that
// gives different results the second time means the structure is nondeterministic even
// serially (it depends on something outside the program, such as a clock or state kept
// across executions), and then serial outcomes cannot serve as a specification.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "engine/engine.h"
#include "specs/structure.h"

namespace lineup::checker {

struct SerialOutcomes {
  /// Outcome (results, thread-major, then the init prefix) -> the serial orders (call
  /// indices, thread-major) that produced it.
  std::map<std::vector<int>, std::vector<std::vector<int>>> outcomes;
  uint64_t orders = 0;  // distinct serial orders
  /// Non-empty when a serial execution failed (crash, blocking inside a call, ...) or an
  /// order's results differed between its two runs; says which and how.
  std::string failure;
  bool nondeterministic = false;  // the failure is a difference between two runs
};

/// Runs every serial order of `program` on `target`, twice.
SerialOutcomes serial_outcomes(engine::Engine& engine, const specs::Target& target,
                               const specs::TestProgram& program);

}  // namespace lineup::checker
