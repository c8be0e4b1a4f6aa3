#include "lineup/engine/strategy/factory.h"

#include <climits>

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

namespace {

std::string covered(int bound) {
  if (bound == INT_MAX) return "every execution is covered up to equivalence";
  if (bound < 0) return "";
  return "every execution with at most " + std::to_string(bound) + " preemption" +
         (bound == 1 ? "" : "s") + " is covered up to equivalence";
}

}  // namespace

std::string coverage(const Strategy& strategy) {
  if (auto* cb = dynamic_cast<const CbDporStrategy*>(&strategy)) {
    return covered(cb->completed_bound());
  }
  if (auto* dpor = dynamic_cast<const DporStrategy*>(&strategy)) {
    return dpor->exhausted() ? covered(INT_MAX) : "";
  }
  if (auto* icb = dynamic_cast<const IcbStrategy*>(&strategy)) {
    std::string s = covered(icb->completed_bound());
    // ICB has no reduction: its coverage is of executions themselves.
    return s.empty() ? s : s.substr(0, s.size() - std::string(" up to equivalence").size());
  }
  return "";
}

}  // namespace lineup::engine
