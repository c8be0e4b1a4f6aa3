// The exit statuses of the lineup command, as the README documents them.
#pragma once

namespace lineup::cli {

enum class ExitStatus : int {
  kClean = 0,      // nothing found: no violation within the budget, a case fixed
  kViolation = 1,  // a violation found or reproduced (or, for corpus commands, unreadable files)
  kUsage = 2,      // bad usage or unusable input: a flag, a structure, a file
  kInternalError = 3,  // lineup itself failed (a dead worker, an archiving error)
  kUndetermined = 4,   // a replay's search hit its executions cap before completing its bound
};

/// The process exit status of `s`.
inline int exit_code(ExitStatus s) { return static_cast<int>(s); }

}  // namespace lineup::cli
