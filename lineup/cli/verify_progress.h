// `lineup verify`'s progress on stderr, as the hunt's (progress.h): on a terminal, one line
// rewritten in place at most every half second; otherwise a plain line every ten seconds;
// nothing when quiet. A verification can run for hours: the line says it is alive and how
// fast it goes.
#pragma once

#include <cstdint>
#include <cstdio>

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
  void finish();

 private:
  double start_, budget_;
  bool quiet_, terminal_;
  std::FILE* out_;
  double last_ = 0;  // seconds since start of the last line shown
  bool shown_ = false;
};

}  // namespace lineup::cli
