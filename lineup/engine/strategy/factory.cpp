#include "lineup/engine/strategy/factory.h"

#include "lineup/engine/strategy/cbdpor.h"
#include "lineup/engine/strategy/dpor.h"
#include "lineup/engine/strategy/icb.h"
#include "lineup/engine/strategy/pct.h"
#include "lineup/engine/strategy/random.h"

namespace lineup::engine {

const std::vector<std::string>& strategy_names() {
  static const std::vector<std::string> names = {"cbdpor", "dpor", "icb", "pct", "random"};
  return names;
}

std::unique_ptr<Strategy> make_strategy(const StrategyConfig& c, std::string* error) {
  if (c.name == "cbdpor") return std::make_unique<CbDporStrategy>(c.bound);
  if (c.name == "dpor") return std::make_unique<DporStrategy>();
  if (c.name == "icb") return std::make_unique<IcbStrategy>(c.bound);
  if (c.name == "pct") return std::make_unique<PctStrategy>(c.seed, c.pct_depth, c.executions);
  if (c.name == "random") return std::make_unique<RandomStrategy>(c.seed, c.executions);
  if (error) {
    *error = "unknown strategy '" + c.name + "' (one of:";
    for (const std::string& n : strategy_names()) *error += " " + n;
    *error += ")";
  }
  return nullptr;
}

}  // namespace lineup::engine
