// A counterexample run once more along its schedule, for the reports that show its execution
// step by step (the web page, SARIF): the verdict the replay gives, the execution's trace and
// the calls' results.
#pragma once

#include <memory>
#include <optional>
#include <vector>

#include "engine/engine.h"
#include "lineup/corpus/counterexample.h"

namespace lineup::corpus {

struct ReplayedCase {
  const specs::Target* target = nullptr;
  std::unique_ptr<engine::Engine> engine;
  /// What the hunt's judge says of the replayed execution (nullopt: it passes now).
  std::optional<hunt::Violation> verdict;
  /// The calls' results, in TestProgram::flat order.
  std::vector<int> results;
  /// The replayed execution, owned by `engine` (valid until it runs again).
  const engine::ExecutionResult* execution = nullptr;
};

/// Replays `c`. Throws CounterexampleError when its structure is not registered.
ReplayedCase replay_case(const Counterexample& c);

}  // namespace lineup::corpus
