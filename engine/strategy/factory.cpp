#include "engine/strategy/factory.h"

#include "engine/strategy/cbdpor.h"
#include "engine/strategy/dfs.h"
#include "engine/strategy/dpor.h"
#include "engine/strategy/gambit.h"
#include "engine/strategy/icb.h"
#include "engine/strategy/pct.h"
#include "engine/strategy/portfolio.h"
#include "engine/strategy/pos.h"
#include "engine/strategy/random.h"
#include "engine/strategy/surw.h"

namespace lineup::engine {

const std::vector<std::string>& strategy_names() {
  static const std::vector<std::string> names = {"cbdpor", "dpor", "icb",    "pct",       "random",
                                                 "pos",    "surw", "gambit", "portfolio", "dfs"};
  return names;
}

const char* to_string(StrategyKind kind) {
  size_t i = static_cast<size_t>(kind);
  return i < strategy_names().size() ? strategy_names()[i].c_str() : "?";
}

std::optional<StrategyKind> parse_strategy(std::string_view name) {
  const std::vector<std::string>& names = strategy_names();
  for (size_t i = 0; i < names.size(); ++i) {
    if (names[i] == name) return static_cast<StrategyKind>(i);
  }
  return std::nullopt;
}

bool is_systematic(StrategyKind kind) {
  return kind != StrategyKind::kPct && kind != StrategyKind::kRandom &&
         kind != StrategyKind::kPos && kind != StrategyKind::kSurw;
}

std::string refuse_memory_model(StrategyKind kind, MemoryModel model) {
  if (model != MemoryModel::kC11) return "";
  if (kind != StrategyKind::kCbDpor && kind != StrategyKind::kDpor && kind != StrategyKind::kIcb &&
      kind != StrategyKind::kGambit) {
    return "";
  }
  return std::string("--strategy ") + to_string(kind) +
         " is not available with --memory-model c11 (it branches on threads only, so it would "
         "never explore a stale read); use --strategy portfolio (dfs over schedules and reads, "
         "--bound and --stale-bound, taking turns with pos), dfs alone, or random, pct, pos, "
         "surw; `lineup verify --memory-model c11` explores every execution graph of a client";
}

std::unique_ptr<Strategy> make_strategy(const StrategyConfig& c, std::string* error) {
  switch (c.kind) {
    case StrategyKind::kCbDpor:
      return std::make_unique<CbDporStrategy>(c.bound);
    case StrategyKind::kDpor:
      return std::make_unique<DporStrategy>();
    case StrategyKind::kIcb:
      return std::make_unique<IcbStrategy>(c.bound);
    case StrategyKind::kPct:
      return std::make_unique<PctStrategy>(c.seed, c.pct_depth, c.executions);
    case StrategyKind::kRandom:
      return std::make_unique<RandomStrategy>(c.seed, c.executions);
    case StrategyKind::kPos:
      return std::make_unique<PosStrategy>(c.seed, c.executions);
    case StrategyKind::kSurw:
      return std::make_unique<SurwStrategy>(c.seed, c.executions);
    case StrategyKind::kGambit:
      return std::make_unique<GambitStrategy>(c.bound, c.seed);
    case StrategyKind::kPortfolio: {
      std::unique_ptr<Strategy> systematic;
      if (c.memory_model == MemoryModel::kC11) {
        systematic = std::make_unique<DfsStrategy>(c.bound, c.stale_bound);
      } else {
        systematic = std::make_unique<CbDporStrategy>(c.bound);
      }
      return std::make_unique<PortfolioStrategy>(
          std::move(systematic), std::make_unique<PosStrategy>(c.seed, c.executions));
    }
    case StrategyKind::kDfs:
      if (c.sleep_sets && (c.bound >= 0 || c.stale_bound >= 0)) {
        if (error) *error = "dfs keeps sleep sets only without a preemption or stale bound";
        return nullptr;
      }
      return std::make_unique<DfsStrategy>(c.bound, c.stale_bound,
                                           c.sleep_sets
                                               ? DfsStrategy::sleep_sets_for(c.memory_model)
                                               : DfsStrategy::SleepSets::kNone);
  }
  if (error) *error = "unknown strategy kind " + std::to_string(static_cast<int>(c.kind));
  return nullptr;
}

}  // namespace lineup::engine
