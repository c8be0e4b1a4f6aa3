// The corpus commands of the CLI: replay FILE, shrink FILE, report FILE, corpus list|check
// DIR, and the hunt's archiving of what it finds. Each returns the process exit status.
#pragma once

#include <CLI/CLI.hpp>
#include <string>

#include "lineup/cli/command.h"
#include "lineup/corpus/counterexample.h"
#include "lineup/hunt/hunt.h"

namespace lineup::cli {

/// Registers `shrink FILE`, `report FILE --html OUT` and `corpus list|check DIR`; run()
/// performs whichever was given.
class CorpusCommands : public Command {
 public:
  explicit CorpusCommands(CLI::App& app);
  bool parsed() const override;
  ExitStatus run() override;
  /// The `corpus` command, for commands registered under it elsewhere.
  CLI::App& corpus() { return *corpus_; }

 private:
  CLI::App *shrink_, *report_, *corpus_, *list_, *check_;
  std::string path_, html_out_, dir_;
  uint64_t check_executions_ = hunt::HuntOptions().search.executions_per_program;
};

/// Replays a counterexample file and prints the trace: kViolation if the violation reproduces
/// (with its schedule, or failing that with another one), kClean if it no longer does,
/// kUndetermined when the schedule no longer fails and the search for another hit its cap,
/// kUsage if the file is unusable.
ExitStatus replay_file(const std::string& path);

/// Shrinks a counterexample file and writes the result as a new file beside it.
ExitStatus shrink_file(const std::string& path);

/// Writes the web page of a counterexample file (replaced atomically if it exists).
ExitStatus report_html(const std::string& path, const std::string& out);

/// `corpus list DIR`: one line per file. `corpus check DIR`: replays every file and
/// summarises fixed / still failing / unreadable; kViolation if any still fails or is
/// unreadable, else kUndetermined when some search hit `executions` before completing its
/// bound. A missing folder is kUsage.
ExitStatus corpus_list(const std::string& dir);
ExitStatus corpus_check(const std::string& dir,
                        uint64_t executions = hunt::HuntOptions().search.executions_per_program);

struct ArchivedViolation {
  corpus::Counterexample counterexample;  // shrunk unless shrinking was off
  std::string path;                       // the corpus file ("" when no corpus folder was given)
  bool duplicate = false;                 // the corpus already held this bug
  /// The index of an earlier violation of the same hunt that records the same bug
  /// (corpus::same_bug: shrunk to the same program and schedule, or of one signature); -1: none.
  int same_as = -1;
};

}  // namespace lineup::cli
