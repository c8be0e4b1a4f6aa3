// Oracle programs as controlled code: each thread runs the program's operations through the
// instrumented functions of fixtures/cell_ops.h on real std::atomic<int> cells, std::mutex
// and std::condition_variable, under any engine strategy; each execution's outcome is read
// back in the oracle's encoding, with the preemptions its schedule made.
#pragma once

#include <cstdint>
#include <map>
#include <string>

#include "interleavings.h"
#include "engine/engine.h"

namespace oracle {

struct ControlledOutcomes {
  std::map<Outcome, int> fewest_preemptions;  // every outcome an execution showed
  uint64_t executions = 0;                    // completed or deadlocked
  uint64_t abandoned = 0;
  std::string failure;  // the first execution that ended otherwise (crash, step limit, ...)
};

/// Runs `strategy` to its end over `program` on `engine`. A preemption is counted, as the
/// engine's strategies count it, when the chosen thread differs from the one that ran the
/// previous step and that one could have run.
ControlledOutcomes explore_controlled(lineup::engine::Engine& engine, const Program& program,
                                      lineup::engine::Strategy& strategy);

}  // namespace oracle
