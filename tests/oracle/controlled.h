// Oracle programs as controlled code: each thread runs the program's operations through the
// instrumented functions of fixtures/cell_ops.h on real std::atomic<int> cells, std::mutex
// and std::condition_variable, under any engine strategy; each execution's outcome is read
// back in the oracle's encoding, with the preemptions its schedule made.
#pragma once

#include <cstdint>
#include <map>
#include <set>
#include <string>

#include "engine/engine.h"
#include "interleavings.h"

namespace oracle {

/// How a fetch_add reaches the engine: as the read-modify-write it is (kSeen), or as a load
/// followed by an add no hook sees (kSeenAsLoad). The second gives the strategies a wrong view
/// of dependency, that the fetch_add commutes with other reads of its cell (and with other
/// fetch_adds), so that a test can show the oracle catches what such a strategy misses.
enum class FetchAdd { kSeen, kSeenAsLoad };

struct ControlledOutcomes {
  std::map<Outcome, int> fewest_preemptions;  // every outcome an execution showed
  uint64_t executions = 0;                    // completed or deadlocked
  uint64_t abandoned = 0;
  std::set<uint64_t> classes;  // class fingerprints (class_fingerprint.h) of the executions
  std::string failure;         // the first execution that ended otherwise (crash, step limit, ...)
};

/// Runs `strategy` to its end over `program` on `engine`. A preemption is counted, as the
/// engine's strategies count it, when the chosen thread differs from the one that ran the
/// previous step and that one could have run.
ControlledOutcomes explore_controlled(lineup::engine::Engine& engine, const Program& program,
                                      lineup::engine::Strategy& strategy,
                                      FetchAdd fetch_add = FetchAdd::kSeen);

}  // namespace oracle
