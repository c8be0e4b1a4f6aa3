#include "lineup/hunt/coverage.h"

#include <climits>

namespace lineup {
namespace {

std::string plural(uint64_t n, const std::string& one, const std::string& many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

}  // namespace

bool bound_covered(const HuntResult& r, const HuntOptions& options) {
  if (!engine::is_systematic(options.strategy)) return false;
  if (r.programs_capped != 0) return false;
  // Only CB-DPOR and dfs report the bound they completed per program; the others are complete
  // when they were not capped.
  if (options.strategy != engine::StrategyKind::kCbDpor &&
      options.strategy != engine::StrategyKind::kDfs) {
    return true;
  }
  int wanted = options.bound < 0 ? INT_MAX : options.bound;
  return r.programs > 0 && r.bound_completed >= wanted;
}

std::string incomplete_coverage(const HuntResult& r, const HuntOptions& options) {
  if (!engine::is_systematic(options.strategy)) return "";
  if (bound_covered(r, options)) return "";
  std::string what = options.bound < 0 || options.strategy == engine::StrategyKind::kDpor
                         ? std::string("the search was not completed")
                         : "bound " + std::to_string(options.bound) + " was not completed";
  if (r.programs_capped != 0) {
    return what + ": " + plural(r.programs_capped, "program", "programs") + " hit --executions";
  }
  return what + (r.programs == 0 ? ": no program was finished" : "");
}

std::string coverage_counts(const HuntResult& r) {
  return plural(r.programs_capped, "program", "programs") + " hit --executions, " +
         plural(r.abandoned, "execution", "executions") +
         " abandoned, spin detection blocked a thread " + plural(r.spin_blocks, "time", "times") +
         ", " + plural(r.forced_timeouts, "timed wait", "timed waits") + " forced to time out";
}

}  // namespace lineup
