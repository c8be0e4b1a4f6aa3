#include "lineup/cli/verify_progress.h"

#include <unistd.h>

#include "lineup/hunt/cheap_clocks.h"

namespace lineup::cli {

VerifyProgressLine::VerifyProgressLine(double start_seconds, double budget_seconds, bool quiet,
                                       std::FILE* out)
    : start_(start_seconds),
      budget_(budget_seconds),
      quiet_(quiet),
      terminal_(isatty(fileno(out)) != 0),
      out_(out) {}

void VerifyProgressLine::update(uint64_t classes, uint64_t executions) {
  if (quiet_) return;
  const double now = hunt::coarse_seconds() - start_;
  if (now - last_ < (terminal_ ? 0.5 : 10)) return;
  last_ = now;
  char budget[32] = "";
  if (budget_ > 0) std::snprintf(budget, sizeof budget, "/%.0f", budget_);
  std::fprintf(out_, "%s[%.0f%s s] %lu classes, %lu executions, %.0f executions/s%s",
               terminal_ ? "\r\033[K" : "", now, budget, static_cast<unsigned long>(classes),
               static_cast<unsigned long>(executions),
               now > 0 ? static_cast<double>(executions) / now : 0.0, terminal_ ? "" : "\n");
  std::fflush(out_);
  shown_ = true;
}

void VerifyProgressLine::finish() {
  if (terminal_ && shown_) std::fprintf(out_, "\n");
  shown_ = false;
}

}  // namespace lineup::cli
