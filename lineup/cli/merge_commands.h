// The commands that join the work of a hunt's shards: `corpus merge OUT DIR...` and
// `merge-results FILE...`.
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

#include "lineup/cli/command.h"

namespace lineup::cli {

/// Registers `merge` under `corpus` and `merge-results` under `app`; after parsing, run()
/// performs whichever was given.
class MergeCommands : public Command {
 public:
  MergeCommands(CLI::App& app, CLI::App& corpus);

  /// Whether the command line named one of these commands.
  bool parsed() const override;

  /// Runs it and returns the exit status. corpus merge: prints what it kept, dropped (and
  /// which file holds the same bug) and found unreadable (copied as it is); 0, or 1 when a
  /// file was unreadable, 2 on I/O errors. merge-results: prints the merged summary (see
  /// lineup/corpus/merge_results.h) as JSON; 0 without violations, 1 with, 2 on unusable input.
  ExitStatus run() override;

 private:
  CLI::App* corpus_merge_;
  CLI::App* merge_results_;
  std::string out_;
  std::vector<std::string> inputs_;
};

}  // namespace lineup::cli
