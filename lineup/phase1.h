// Line-Up's phase 1: run every serial order of a program's whole calls under the engine and
// record the outcome (every call's result) of each. The implementation defines its own
// specification: an execution of phase 2 is linearizable iff some serial order consistent
// with its precedence produced exactly its results.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "lineup/engine/engine.h"
#include "specs/structure.h"

namespace lineup {

struct SerialOutcomes {
  /// Outcome (results, thread-major) -> the serial orders (call indices, thread-major) that
  /// produced it.
  std::map<std::vector<int>, std::vector<std::vector<int>>> outcomes;
  uint64_t orders = 0;  // serial executions run
  /// Non-empty when a serial execution failed (crash, blocking inside a call, ...).
  std::string failure;
};

/// Runs every serial order of `program` on `target`.
SerialOutcomes serial_outcomes(engine::Engine& engine, const specs::Target& target,
                               const specs::TestProgram& program);

}  // namespace lineup
