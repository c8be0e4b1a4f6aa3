#include "lineup/hunt/coverage.h"

#include <climits>

#include "engine/strategy/coverage.h"

namespace lineup::hunt {
namespace {

std::string plural(uint64_t n, const std::string& one, const std::string& many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

}  // namespace

int wanted_bound(const HuntOptions& options) {
  return options.search.bound < 0 || options.search.strategy == engine::StrategyKind::kDpor
             ? INT_MAX
             : options.search.bound;
}

bool bound_covered(const HuntResult& r, const HuntOptions& options) {
  if (!engine::is_systematic(options.search.strategy)) return false;
  if (!options.unseen_accesses.empty()) return false;
  if (r.programs_capped != 0 || r.late_stack_publications != 0 || r.undetermined != 0 ||
      r.programs_missing_classes != 0) {
    return false;
  }
  return r.programs > 0 && r.bound_completed >= wanted_bound(options);
}

std::string c11_coverage(const HuntResult& r, const HuntOptions& options) {
  if (options.replay.memory_model != engine::MemoryModel::kC11) return "";
  if (!engine::is_systematic(options.search.strategy)) return "";
  engine::Coverage claim;
  claim.bound_completed = r.bound_completed;
  claim.stale_bound = options.search.stale_bound;
  return engine::describe(claim);
}

std::string incomplete_coverage(const HuntResult& r, const HuntOptions& options) {
  if (!engine::is_systematic(options.search.strategy)) return "";
  if (bound_covered(r, options)) return "";
  if (!options.unseen_accesses.empty()) {
    return "no bound is claimed: " + options.unseen_accesses;
  }
  std::string late;
  if (r.late_stack_publications != 0) {
    late =
        "a thread reached another's stack through a pointer no hook saw (uninstrumented "
        "code) " +
        plural(r.late_stack_publications, "time", "times") +
        ", and that stack's accesses before then were no steps (--private-stack-steps makes "
        "them steps)";
  }
  if (r.programs_missing_classes != 0) {
    const std::string missing =
        "the search of " + plural(r.programs_missing_classes, "program", "programs") +
        " may have missed equivalence classes (optimal DPOR found a thread of a wakeup "
        "sequence blocked, or reversed a race with a compare-exchange whose outcome it could "
        "not tell)";
    late = late.empty() ? missing : late + "; " + missing;
  }
  if (r.undetermined != 0) {
    const std::string undetermined =
        plural(r.undetermined, "execution", "executions") + " undetermined";
    late = late.empty() ? undetermined : late + "; " + undetermined;
  }
  if (r.programs_capped == 0 && r.programs > 0 && r.bound_completed >= wanted_bound(options)) {
    return "the coverage of the bound is not assured: " + late;
  }
  std::string what =
      options.search.bound < 0 || options.search.strategy == engine::StrategyKind::kDpor
          ? std::string("the search was not completed")
          : "bound " + std::to_string(options.search.bound) + " was not completed";
  if (r.programs_capped != 0) {
    what += ": " + plural(r.programs_capped, "program", "programs") + " hit --executions";
  } else if (r.programs == 0) {
    what += ": no program was finished";
  }
  return late.empty() ? what : what + "; " + late;
}

std::string coverage_counts(const HuntResult& r) {
  return plural(r.programs_capped, "program", "programs") + " hit --executions, " +
         plural(r.abandoned, "execution", "executions") +
         " abandoned, spin detection blocked a thread " + plural(r.spin_blocks, "time", "times") +
         ", " + plural(r.forced_timeouts, "timed wait", "timed waits") + " forced to time out" +
         (r.stale_spin_cuts == 0 ? ""
                                 : ", " + plural(r.stale_spin_cuts, "spin loop", "spin loops") +
                                       " let on to the newest stores after stale rounds") +
         (r.late_stack_publications == 0
              ? ""
              : ", " + plural(r.late_stack_publications, "stack", "stacks") +
                    " reached through a pointer no hook saw") +
         (r.programs_missing_classes == 0
              ? ""
              : ", " + plural(r.programs_missing_classes, "program", "programs") +
                    " may miss equivalence classes") +
         (r.undetermined == 0
              ? ""
              : ", " + plural(r.undetermined, "execution", "executions") +
                    " undetermined (the linearizability check gave up on them: let pass, no "
                    "violation claimed)");
}

}  // namespace lineup::hunt
