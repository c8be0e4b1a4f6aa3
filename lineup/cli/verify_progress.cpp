#include "lineup/cli/verify_progress.h"

#include "lineup/hunt/cheap_clocks.h"

namespace lineup::cli {

VerifyProgressLine::VerifyProgressLine(double start_seconds, double budget_seconds, bool quiet,
                                       std::FILE* out)
    : start_(start_seconds),
      budget_(budget_seconds),
      line_(quiet, ProgressLine::First::kAfterAnInterval, out) {}

void VerifyProgressLine::update(uint64_t classes, uint64_t executions) {
  if (line_.quiet()) return;  // no clock read per execution
  const double now = hunt::coarse_seconds() - start_;
  if (!line_.due(now)) return;
  char budget[32] = "";
  if (budget_ > 0) std::snprintf(budget, sizeof budget, "/%.0f", budget_);
  line_.show("[%.0f%s s] %lu classes, %lu executions, %.0f executions/s", now, budget,
             static_cast<unsigned long>(classes), static_cast<unsigned long>(executions),
             now > 0 ? static_cast<double>(executions) / now : 0.0);
}

}  // namespace lineup::cli
