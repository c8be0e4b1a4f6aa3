#include "lineup/engine/strategy/coverage.h"

namespace lineup::engine {

std::string describe(const Coverage& c) {
  if (c.bound_completed < 0) return "";
  std::string what = c.exhaustive()
                         ? "every execution is covered"
                         : "every execution with at most " + std::to_string(c.bound_completed) +
                               " preemption" + (c.bound_completed == 1 ? "" : "s") + " is covered";
  return c.up_to_equivalence ? what + " up to equivalence" : what;
}

}  // namespace lineup::engine
