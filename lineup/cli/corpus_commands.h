// The corpus commands of the CLI: replay FILE, shrink FILE, corpus list|check DIR, and the
// hunt's archiving of what it finds. Each returns the process exit status.
#pragma once

#include <string>

#include "corpus/counterexample.h"
#include "lineup/hunt/hunt.h"

namespace lineup::cli {

/// Replays a counterexample file and prints the trace: 1 if the violation reproduces (with
/// its schedule, or failing that with another one), 0 if it no longer does, 2 if the file is
/// unusable.
/// kUndetermined when the schedule no longer fails and the search for another hit its cap.
int replay_file(const std::string& path);

/// Exit status of replay and corpus check when the search did not complete its bound.
inline constexpr int kUndetermined = 4;

/// Shrinks a counterexample file and writes the result as a new file beside it.
int shrink_file(const std::string& path);

/// Writes the web page of a counterexample file (replaced atomically if it exists).
int report_html(const std::string& path, const std::string& out);

/// `corpus list DIR`: one line per file. `corpus check DIR`: replays every file and
/// summarises fixed / still failing / unreadable; 1 if any still fails or is unreadable.
/// A missing folder is exit status 2. `corpus check` exits kUndetermined when nothing
/// failed but some search hit `executions` before completing its bound.
int corpus_list(const std::string& dir);
int corpus_check(const std::string& dir,
                 uint64_t executions = HuntOptions().executions_per_program);

struct ArchivedViolation {
  Counterexample counterexample;  // shrunk unless shrinking was off
  std::string path;               // the corpus file ("" when no corpus folder was given)
  bool duplicate = false;         // the corpus already held this bug
};

/// Shrinks (unless `shrink` is false) a violation the hunt found and archives it in `dir`
/// (unless empty); prints the shrunk case and where it went unless `quiet`.
ArchivedViolation archive_violation(const specs::Target& target, const Violation& v,
                                    const HuntOptions& options, const std::string& dir, bool shrink,
                                    bool quiet);

}  // namespace lineup::cli
