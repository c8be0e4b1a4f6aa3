// `lineup verify`'s progress on stderr, a ProgressLine (progress_line.h) as the hunt's
// (progress.h): on a terminal, one line rewritten in place at most every half second;
// otherwise a plain line every ten seconds; nothing when quiet. A verification can run for
// hours: the line says it is alive and how fast it goes. The first line comes one interval
// after the start, so a short verification shows none.
#pragma once

#include <cstdint>
#include <cstdio>

#include "lineup/cli/progress_line.h"

namespace lineup::cli {

class VerifyProgressLine {
 public:
  /// Shows the time against `budget_seconds` (0: no budget), from `start_seconds` on the
  /// coarse clock (cheap_clocks.h), on `out` (a terminal is told by its descriptor).
  VerifyProgressLine(double start_seconds, double budget_seconds, bool quiet,
                     std::FILE* out = stderr);
  /// Called as often as the search likes (after every execution): prints when the line is due.
  void update(uint64_t classes, uint64_t executions);
  /// Ends the live line, if one is shown.
  void finish() { line_.finish(); }

 private:
  double start_, budget_;
  ProgressLine line_;
};

}  // namespace lineup::cli
