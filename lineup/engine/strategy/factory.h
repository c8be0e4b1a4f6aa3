// Strategies by name, for the command line and benchmarks.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "lineup/engine/strategy/strategy.h"

namespace lineup::engine {

/// How to build a strategy.
struct StrategyConfig {
  std::string name = "cbdpor";  // cbdpor, dpor, icb, pct, random
  int bound = -1;               // preemption bound (cbdpor, icb); -1: deepen until done
  uint64_t seed = 1;            // pct, random
  uint64_t executions = 0;      // pct, random: how many (0: unbounded)
  int pct_depth = 3;
};

/// The names make_strategy accepts.
const std::vector<std::string>& strategy_names();

/// The strategy `config` describes, or nullptr (with `error` set) for an unknown name or a
/// setting it cannot take.
std::unique_ptr<Strategy> make_strategy(const StrategyConfig& config, std::string* error);

}  // namespace lineup::engine
