#include "lineup/cli/progress.h"

#include <cstdio>

namespace lineup::cli {

Progress::Progress(double budget_seconds, bool quiet, bool verbose)
    : budget_(budget_seconds), verbose_(verbose), line_(quiet, ProgressLine::First::kAtOnce) {}

void Progress::update(const hunt::HuntResult& r) {
  if (!line_.due(r.seconds)) return;
  char bound[32] = "-";
  if (r.bound_completed >= 0) std::snprintf(bound, sizeof bound, "%d", r.bound_completed);
  char counters[160] = "";
  if (verbose_) {
    std::snprintf(
        counters, sizeof counters,
        ", %lu capped, %lu abandoned, %lu spin blocks, %lu forced timeouts",
        static_cast<unsigned long>(r.programs_capped), static_cast<unsigned long>(r.abandoned),
        static_cast<unsigned long>(r.spin_blocks), static_cast<unsigned long>(r.forced_timeouts));
  }
  // Shown only once it happens: a stack reached through a pointer no hook saw is rare, and
  // the bound's coverage is then not assured (see coverage.h).
  char late[64] = "";
  if (r.late_stack_publications != 0) {
    std::snprintf(late, sizeof late, ", %lu late stack publications",
                  static_cast<unsigned long>(r.late_stack_publications));
  }
  line_.show("[%.0f/%.0f s] %lu programs, %.0f executions/s, bound completed %s%s%s, %zu bug%s",
             r.seconds, budget_, static_cast<unsigned long>(r.programs),
             r.seconds > 0 ? static_cast<double>(r.executions) / r.seconds : 0.0, bound, counters,
             late, r.violations.size(), r.violations.size() == 1 ? "" : "s");
}

}  // namespace lineup::cli
