// The check a hunt makes before its first program: does the code under test make memory
// accesses lineup cannot see (engine/diagnostics/hidden_accesses.h)? A hunt over such code would
// give verdicts and coverage claims resting on accesses nobody controlled, so it is refused unless
// the user allows it, and then qualified.
#pragma once

#include <string>

#include "lineup/cli/exit_status.h"

namespace lineup::cli {

/// What the check decided.
struct HiddenAccessVerdict {
  bool refuse = false;  // hidden accesses found and not allowed: exit with kUsage
  std::string unseen;   // for HuntOptions::unseen_accesses ("" when everything is seen)
};

/// Scans the instrumented code of this process and prints what it finds on stderr: with
/// hidden accesses, each one's instruction and file:line, and what to do; when `allow`, a
/// one-line warning instead, and the hunt goes on qualified. What could not be checked (no
/// objdump, unreadable debug information) is said and qualifies the hunt too.
HiddenAccessVerdict check_hidden_accesses(bool allow, bool quiet);

}  // namespace lineup::cli
