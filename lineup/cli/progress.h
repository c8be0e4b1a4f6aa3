// The hunt's progress on stderr: on a terminal, one line rewritten in place at most every
// half second; otherwise a plain line every ten seconds (logs, CI); nothing when quiet.
#pragma once

#include "lineup/hunt/hunt.h"

namespace lineup::cli {

class Progress {
 public:
  Progress(double budget_seconds, bool quiet);
  /// Called after every program.
  void update(const hunt::HuntResult& so_far);
  /// Ends the live line, if one is shown.
  void finish();

 private:
  double budget_;
  bool quiet_, terminal_;
  double last_ = -1;
  bool shown_ = false;
};

}  // namespace lineup::cli
