#include "engine/strategy/coverage.h"

namespace lineup::engine {

std::string describe(const Coverage& c) {
  if (c.bound_completed < 0) return "";
  std::string limits;
  if (!c.exhaustive()) {
    limits = " at most " + std::to_string(c.bound_completed) + " preemption" +
             (c.bound_completed == 1 ? "" : "s");
  }
  if (c.stale_bound >= 0) {
    limits += std::string(limits.empty() ? "" : " and") + " at most " +
              std::to_string(c.stale_bound) + " stale read" + (c.stale_bound == 1 ? "" : "s");
  }
  std::string what = limits.empty() ? "every execution is covered"
                                    : "every execution with" + limits + " is covered";
  return c.up_to_equivalence ? what + " up to equivalence" : what;
}

}  // namespace lineup::engine
