// `lineup verify STRUCTURE --client "..."` (or --roles push=2,pop=2): every schedule of one
// client explored to the end by DPOR, every class judged; "verified", the counterexample, or,
// when a budget or cap stops it, "not completed" with an estimate of the whole. With
// --all-clients N, every client of N calls (all_clients.h), one after another.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <string>
#include <vector>

#include "lineup/cli/command.h"
#include "lineup/cli/hunt_command.h"
#include "lineup/hunt/verify.h"

namespace lineup::cli {

/// Exit status: kClean when verified, kViolation for a counterexample, kUndetermined when the
/// search was not completed (budget, --max-executions, executions the check could not
/// decide), 128 + signal when interrupted, kUsage for bad input, kInternalError when
/// archiving failed.
/// ", 120 executions cut at effect-free retry rounds in 2 loops" for a verification's report,
/// or "" when nothing was cut (SearchSettings::cut_retry_rounds).
std::string retry_cut_words(const hunt::ProgramSearch& search);

/// What a verification's classes are called in its report: "classes", or in c11 mode, where a
/// class is an execution graph (lineup/hunt/verify.h), "execution graphs".
const char* classes_word(const hunt::HuntOptions& options);

class VerifyCommand : public Command {
 public:
  explicit VerifyCommand(CLI::App& app);
  bool parsed() const override { return command_->parsed(); }
  ExitStatus run() override;

 private:
  // The options and the program, or the usage error's status.
  ExitStatus prepare(const specs::Target& target, hunt::HuntOptions& options,
                     specs::TestProgram& program);
  // Refuses an unusable --corpus and code lineup cannot see (hidden accesses, calls out of
  // instrumented code unless allowed); records what was allowed in `options`.
  ExitStatus check_corpus_and_code(const specs::Target& target, hunt::HuntOptions& options) const;
  // --all-clients: verifies every client of that many calls, one after another, until one is
  // not verified (reported as a single client's verification is) or all are.
  ExitStatus run_all_clients(const specs::Target& target, hunt::HuntOptions options,
                             const hunt::VerifyLimits& limits, double shrink_seconds);
  // Verifies `program` (options.client's) and reports it: run()'s work after prepare.
  ExitStatus verify_and_report(const specs::Target& target, const hunt::HuntOptions& options,
                               const specs::TestProgram& program, const hunt::VerifyLimits& limits,
                               double start, double shrink_seconds);
  // Archives a counterexample of `v` (shrunk) and reports it: the end of a verification.
  ExitStatus finish(const specs::Target& target, const hunt::HuntOptions& options,
                    const specs::TestProgram& program, const hunt::VerifyResult& v,
                    double shrink_seconds);
  // Prints the outcome (text or JSON) and returns the exit status.
  ExitStatus report(const specs::Target& target, const hunt::HuntOptions& options,
                    const specs::TestProgram& program, const hunt::VerifyResult& v,
                    const std::vector<ArchivedViolation>& archived,
                    const std::vector<std::string>& archiving_errors) const;

  CLI::App* command_;
  HuntOutput output_;
  std::string structure_, client_, roles_, budget_, shrink_budget_ = "10s";
  std::string memory_model_ = "sc";
  bool report_races_ = true;
  bool psc_ = false;
  std::vector<std::string> race_suppressions_;
  int calls_ = 1;
  int all_clients_ = 0;
  bool cut_retry_rounds_ = true;
  uint64_t max_executions_ = 0;
};

}  // namespace lineup::cli
