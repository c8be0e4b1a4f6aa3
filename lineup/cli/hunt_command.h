// `lineup hunt STRUCTURE`: random test programs of a structure, each explored under a strategy
// and checked for linearizability within a time budget; violations are shrunk and archived.
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

#include "lineup/cli/command.h"
#include "lineup/cli/corpus_commands.h"
#include "lineup/hunt/hunt.h"

namespace lineup::cli {

/// What the hunt command does besides hunting: workers, archiving, output.
struct HuntOutput {
  std::string corpus_dir = "corpus";  // "" : do not archive
  bool shrink = true;
  bool quiet = false;        // no progress line
  bool verbose = false;      // the progress line also counts the engine's events
  std::string sarif;         // "": no SARIF log; else the file it is written to
  bool json = false;         // one JSON object at the end instead of reports and a summary
  bool per_program = false;  // --json lists executions and classes per program
  int jobs = 1;              // worker processes

  /// Whether corpus_dir is empty or a folder counterexamples can be archived in (created if
  /// missing); otherwise says why on stderr.
  bool corpus_usable() const;
};

/// How a hunt's time went: the search (counted from the command's start), then shrinking,
/// within its allowance past the budget (0 when nothing was shrunk).
struct HuntTimes {
  double search_seconds = 0, shrink_seconds = 0, shrink_budget_seconds = 0;
};

/// Exit status: kViolation when a violation was found, kUsage for a bad structure, budget,
/// shard or client, kInternalError when lineup failed (a dead worker with nothing found,
/// archiving), kClean otherwise.
class HuntCommand : public Command {
 public:
  explicit HuntCommand(CLI::App& app);
  bool parsed() const override { return command_->parsed(); }
  ExitStatus run() override;

 private:
  CLI::App* command_;
  hunt::HuntOptions options_;
  HuntOutput output_;
  std::string structure_, budget_ = "30s", shrink_budget_ = "10s", check_ = "dependency",
                          spec_ = "model", shard_, client_;
  std::string strategy_ = engine::to_string(hunt::HuntOptions().search.strategy);
  std::string memory_model_ = "sc";
  bool allow_hidden_accesses_ = false;
  std::string allow_uninstrumented_;  // --allow-uninstrumented's value
  bool full_trace_ = false;           // --full-trace

  // The hunt's output (the JSON object, or the summary) and its exit status.
  /// Writes output_.sarif from the archived violations; false (said on stderr) when it cannot.
  bool write_sarif(const std::vector<ArchivedViolation>& archived) const;
  /// Adds the options of what the hunt prints, where it archives, how many workers it runs,
  /// and what it allows of code it cannot see.
  void add_output_options(CLI::App& hunt);
  /// Sorts the options of `hunt --help` into named groups.
  static void group_options(CLI::App& hunt);
  ExitStatus report(const specs::Target& target, const hunt::HuntOptions& options,
                    hunt::HuntResult& r, const std::vector<ArchivedViolation>& archived,
                    const std::vector<std::string>& archiving_errors, const HuntTimes& times) const;
};

/// Why `pattern` cannot be a --suppress-race pattern under `model` ("" when it can): races
/// are looked for in c11 mode only, an empty pattern would match every race, and a pattern is
/// printable ASCII (it is kept in counterexample files, which are UTF-8 JSON).
std::string race_suppression_error(const std::string& pattern, engine::MemoryModel model);

/// Whether every pattern of `patterns` can be a --suppress-race pattern under `model`; the
/// first that cannot is reported on stderr with race_suppression_error's reason.
bool race_suppressions_usable(const std::vector<std::string>& patterns, engine::MemoryModel model);

/// Seconds of a budget such as "30s", "2m", "500ms", "1h" or plain seconds; negative when it
/// is not one, or not a finite number of seconds more than 0.
double parse_budget(const std::string& text);

}  // namespace lineup::cli
