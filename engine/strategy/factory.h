// The strategies a hunt or `lineup run` can use, by kind and by name.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/memory/memory_model.h"
#include "engine/strategy/strategy.h"

namespace lineup::engine {

enum class StrategyKind {
  kCbDpor,     // context-bounded DPOR with preemption-only sleep sets (strategy/cbdpor.h)
  kDpor,       // unbounded DPOR with sleep sets (strategy/dpor.h)
  kIcb,        // iterative context bounding (strategy/icb.h)
  kPct,        // probabilistic concurrency testing (strategy/pct.h)
  kRandom,     // a uniformly random enabled thread at every step (strategy/random.h)
  kPos,        // partial order sampling (strategy/pos.h)
  kSurw,       // selectively uniform random walk (strategy/surw.h)
  kGambit,     // best-first search, fewer preemptions first, random within (strategy/gambit.h)
  kPortfolio,  // a systematic search (CB-DPOR; dfs in c11 mode) and POS taking turns, the
               // search's coverage (strategy/portfolio.h)
  kDfs,        // bounded depth-first search over threads and memory-model choices (strategy/dfs.h)
};

/// "cbdpor", "dpor", "icb", "pct", "random", "pos", "surw", "gambit", "portfolio", "dfs": the
/// names of the command line and of JSON.
const char* to_string(StrategyKind kind);

/// The kind named `name`, if any.
std::optional<StrategyKind> parse_strategy(std::string_view name);

/// Every kind's name, in the order of StrategyKind.
const std::vector<std::string>& strategy_names();

/// Whether `kind` explores systematically (and can complete a bound or the whole program)
/// rather than sampling executions at random.
bool is_systematic(StrategyKind kind);

/// How to build a strategy.
struct StrategyConfig {
  StrategyKind kind = StrategyKind::kCbDpor;
  int bound = -1;           // preemption bound (cbdpor, icb, gambit, portfolio, dfs); -1: deepen
  uint64_t seed = 1;        // pct, random, pos, surw, gambit, portfolio
  uint64_t executions = 0;  // pct, random, pos, surw: how many (0: unbounded)
  int pct_depth = 3;
  /// dfs, and portfolio in c11 mode: most stale memory-model choices per execution (-1: no
  /// bound).
  int stale_bound = -1;
  /// portfolio: its systematic part is CB-DPOR in SC mode and dfs in c11 mode, whose read
  /// choices CB-DPOR would never explore.
  MemoryModel memory_model = MemoryModel::kSc;
  /// dfs with neither bound: keep sleep sets (strategy/dfs.h); refused with a bound.
  bool sleep_sets = false;
};

/// Why `kind` cannot run under `model` ("" when it can): ICB, DPOR, CB-DPOR and GAMBIT branch
/// on threads only and their reductions assume a step's effect follows from the interleaving,
/// which c11 mode's read choices break; they are refused there rather than claim coverage
/// they do not have. The portfolio runs in c11 mode with dfs as its systematic part.
std::string refuse_memory_model(StrategyKind kind, MemoryModel model);

/// The strategy `config` describes, or nullptr (with `error` set) for a setting it cannot
/// take.
std::unique_ptr<Strategy> make_strategy(const StrategyConfig& config, std::string* error);

}  // namespace lineup::engine
