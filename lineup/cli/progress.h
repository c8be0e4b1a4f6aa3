// The hunt's progress on stderr, a ProgressLine (progress_line.h): on a terminal, one line
// rewritten in place at most every half second; otherwise a plain line every ten seconds
// (logs, CI); nothing when quiet. The first line comes after the first program. It says what a
// newcomer reads (programs, rate, bound completed, bugs); verbose, also the engine's counters
// (capped programs, abandoned executions, spin blocks, forced timeouts) that the summary
// prints at the end.
#pragma once

#include "lineup/cli/progress_line.h"
#include "lineup/hunt/hunt.h"

namespace lineup::cli {

class Progress {
 public:
  Progress(double budget_seconds, bool quiet, bool verbose = false);
  /// Called after every program.
  void update(const hunt::HuntResult& so_far);
  /// Ends the live line, if one is shown.
  void finish() { line_.finish(); }

 private:
  double budget_;
  bool verbose_;
  ProgressLine line_;
};

}  // namespace lineup::cli
