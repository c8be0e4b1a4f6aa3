#include "lineup/cli/verify_command.h"

#include <cstdio>
#include <cstring>
#include <nlohmann/json.hpp>
#include <string>

#include "engine/memory/memory_model.h"
#include "generator/client.h"
#include "lineup/cli/client_option.h"
#include "lineup/cli/findings.h"
#include "lineup/cli/hidden_access_check.h"
#include "lineup/cli/program_name.h"
#include "lineup/cli/roles_option.h"
#include "lineup/cli/verify_progress.h"
#include "lineup/hunt/cheap_clocks.h"
#include "lineup/hunt/coverage.h"
#include "lineup/hunt/interruption.h"
#include "lineup/hunt/verify_parallel.h"

namespace lineup::cli {

VerifyCommand::VerifyCommand(CLI::App& app) {
  output_.jobs = 1;
  CLI::App* verify = command_ = app.add_subcommand(
      "verify", "explore every schedule of one client to the end (DPOR, no bound)");
  verify
      ->add_option("structure", structure_,
                   "structure to verify (see `" + program_name() + " list`)")
      ->required();
  CLI::Option* client =
      verify->add_option("--client", client_,
                         "the client: calls per thread, threads separated by |, e.g. \"push(1) "
                         "push(2) | pop() pop() | pop()\" (an argument left out is filled with "
                         "1, 2, 3, ... in order), optionally after \"init: push(1) |\"");
  CLI::Option* roles = verify->add_option(
      "--roles", roles_,
      "the client by roles: OP=N,... gives N threads calling OP (in that order), each --calls "
      "times, e.g. push=2,pop=2 (push arguments 1, 2, ... in order)");
  client->excludes(roles);
  CLI::Option* all =
      verify
          ->add_option("--all-clients", all_clients_,
                       "verify every client of this many calls (each operation with each of the "
                       "structure's argument values, in 1 to N threads): every client of at most "
                       "N calls is then covered")
          ->check(CLI::Range(1, 8));
  all->excludes(client);
  all->excludes(roles);
  verify->add_option("-c,--calls", calls_, "--roles: calls per thread")
      ->check(CLI::Range(1, 8))
      ->needs(roles)
      ->capture_default_str();
  verify->add_option("--budget", budget_,
                     "stop after this time (30s, 2m, ...) with \"not completed\" and an "
                     "estimate of the whole (default: no budget)");
  verify
      ->add_option("--max-executions", max_executions_,
                   "stop after this many executions, abandoned ones included (0: no cap)")
      ->capture_default_str();
  verify->add_option("--shrink-budget", shrink_budget_, "time for shrinking a counterexample")
      ->capture_default_str();
  verify
      ->add_option("--corpus", output_.corpus_dir,
                   "folder where a counterexample is archived (\"\": do not archive)")
      ->capture_default_str();
  verify->add_flag("!--no-shrink", output_.shrink, "report and archive a counterexample unshrunk");
  verify->add_flag("!--no-retry-cut", cut_retry_rounds_,
                   "explore executions in which a thread goes round a retry loop without "
                   "effect too (by default they are dropped: the execution without that round "
                   "has the same history; loops marked by lineup's GCC plugin only)");
  verify
      ->add_option("--memory-model", memory_model_,
                   "sc: sequentially consistent executions (DPOR); c11: every schedule and "
                   "every read and placement choice C++11 allows as c11 mode models it "
                   "(depth-first with sleep sets, one worker), each execution judged by "
                   "happens-before, classes counted as execution graphs")
      ->check(CLI::IsMember({"sc", "c11"}))
      ->capture_default_str();
  verify->add_flag(
      "--psc", psc_,
      "c11 mode: order seq_cst accesses and fences by RC11's psc, not as they run: every "
      "RC11 graph, where otherwise orders no interleaving shows are left out (IRIW "
      "with acquire loads); seq_cst loads then also read stale stores, so code with "
      "many seq_cst accesses runs many more executions");
  verify->add_flag("!--ignore-races", report_races_,
                   "c11 mode: do not report data races on plain locations");
  verify
      ->add_option("--suppress-race", race_suppressions_,
                   "c11 mode: go past a known data race whose either access's place (file:line "
                   "function, as reports print it) contains PATTERN, counting it (repeatable)")
      ->type_name("PATTERN")
      ->expected(1)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  verify->add_flag("--json", output_.json, "print one JSON object at the end");
  verify->add_flag("-q,--quiet", output_.quiet, "no progress line");
  verify
      ->add_option("-j,--jobs", output_.jobs,
                   "worker processes, each searching its own part of the executions (classes "
                   "are counted once; the executions and their count depend on N)")
      ->check(CLI::Range(1, 256))
      ->capture_default_str();
}

ExitStatus VerifyCommand::prepare(const specs::Target& target, hunt::HuntOptions& options,
                                  specs::TestProgram& program) {
  std::string text = client_;
  if (command_->count("--roles") != 0) {
    std::string error;
    text = roles_client_text(roles_, calls_, *target.model, &error);
    if (text.empty()) {
      std::fprintf(stderr, "lineup: bad --roles '%s': %s\n", roles_.c_str(), error.c_str());
      return ExitStatus::kUsage;
    }
  } else if (command_->count("--client") == 0) {
    std::fprintf(stderr, "lineup: verify needs a client: --client \"...\" or --roles OP=N,...\n");
    return ExitStatus::kUsage;
  }
  if (!use_client(text, target, options)) return ExitStatus::kUsage;
  program = hunt::client_program(*options.client, *target.model);
  // Archived with every argument given, so that shrinking keeps the client's calls whole.
  options.client = hunt::filled_client(*options.client, *target.model);
  return check_corpus_and_code(target, options);
}

ExitStatus VerifyCommand::check_corpus_and_code(const specs::Target& target,
                                                hunt::HuntOptions& options) const {
  if (!output_.corpus_usable()) return ExitStatus::kUsage;
  UnseenAllowance allow;
  allow.quiet = output_.quiet;
  HiddenAccessVerdict hidden = check_hidden_accesses(target, options, allow);
  if (hidden.refuse) return ExitStatus::kUsage;
  options.unseen_accesses = hidden.unseen;
  return ExitStatus::kClean;
}

ExitStatus VerifyCommand::run() {
  const double start = hunt::coarse_seconds();
  const specs::Target* target = specs::find_target(structure_);
  if (target == nullptr) {
    std::fprintf(stderr, "%s: unknown structure '%s' (see `%s list`)\n", program_name().c_str(),
                 structure_.c_str(), program_name().c_str());
    return ExitStatus::kUsage;
  }
  hunt::VerifyLimits limits;
  limits.max_executions = max_executions_;
  if (!budget_.empty()) {
    const double seconds = parse_budget(budget_);
    if (seconds < 0) {
      std::fprintf(stderr, "lineup: bad --budget '%s' (e.g. 30s, 2m, 500ms; more than 0)\n",
                   budget_.c_str());
      return ExitStatus::kUsage;
    }
    limits.deadline = start + seconds;
  }
  const double shrink_seconds = parse_budget(shrink_budget_);
  if (shrink_seconds < 0) {
    std::fprintf(stderr, "lineup: bad --shrink-budget '%s' (e.g. 10s, 1m; more than 0)\n",
                 shrink_budget_.c_str());
    return ExitStatus::kUsage;
  }
  hunt::HuntOptions options;
  options.search.cut_retry_rounds = cut_retry_rounds_;
  options.replay.memory_model = *engine::parse_memory_model(memory_model_);  // checked
  options.replay.report_data_races = report_races_;
  options.replay.rc11_seq_cst = psc_;
  options.replay.race_suppressions = race_suppressions_;
  if (!race_suppressions_usable(race_suppressions_, options.replay.memory_model)) {
    return ExitStatus::kUsage;
  }
  if (all_clients_ > 0) return run_all_clients(*target, options, limits, shrink_seconds);
  specs::TestProgram program;
  if (ExitStatus s = prepare(*target, options, program); s != ExitStatus::kClean) return s;
  options = hunt::verify_options(options, limits);
  hunt::stop_on_signals();
  return verify_and_report(*target, options, program, limits, start, shrink_seconds);
}

ExitStatus VerifyCommand::verify_and_report(const specs::Target& target,
                                            const hunt::HuntOptions& options,
                                            const specs::TestProgram& program,
                                            const hunt::VerifyLimits& limits, double start,
                                            double shrink_seconds) {
  VerifyProgressLine progress(start, limits.deadline > 0 ? limits.deadline - start : 0,
                              output_.quiet);
  hunt::VerifyResult v = hunt::verify_parallel(
      target, program, options, limits, output_.jobs,
      [&](uint64_t classes, uint64_t executions) { progress.update(classes, executions); });
  progress.finish();
  return finish(target, options, program, v, shrink_seconds);
}

ExitStatus VerifyCommand::finish(const specs::Target& target, const hunt::HuntOptions& options,
                                 const specs::TestProgram& program, const hunt::VerifyResult& v,
                                 double shrink_seconds) {
  for (const std::string& e : v.internal_errors) {
    std::fprintf(stderr, "lineup: internal error: %s\n", e.c_str());
  }
  hunt::HuntResult as_hunt = hunt::as_hunt_result(v);
  Findings findings(target, options, output_, {});
  findings.update(as_hunt);
  std::vector<ArchivedViolation> archived =
      findings.finish(as_hunt, hunt::coarse_seconds() + shrink_seconds);
  return report(target, options, program, v, archived, findings.errors());
}

namespace {

enum class Verdict { kVerified, kViolation, kNotCompleted, kUnassured };

const char* to_string(Verdict v) {
  switch (v) {
    case Verdict::kVerified:
      return "linearizable";
    case Verdict::kViolation:
      return "violation";
    case Verdict::kNotCompleted:
      return "not completed";
    case Verdict::kUnassured:
      return "undetermined";
  }
  return "";
}

// Why a search that was not completed stopped.
std::string stop_reason(const hunt::VerifyResult& v) {
  if (int s = hunt::stop_signal(); s != 0) {
    return std::string("interrupted by SIG") + sigabbrev_np(s);
  }
  if (v.search.capped) return "--max-executions reached";
  return "the budget ran out";
}

// The JSON of a verification: what was searched, the counts, the counterexample.
nlohmann::json verify_json(const specs::Target& target, const hunt::HuntOptions& options,
                           const specs::TestProgram& program, const hunt::VerifyResult& v,
                           const std::vector<ArchivedViolation>& archived) {
  nlohmann::json j;
  j["structure"] = target.name;
  j["client"] = generator::to_string(*options.client, *target.model);
  j["program"] = program.describe(*target.model);
  j["strategy"] = engine::to_string(options.search.strategy);
  j["memory_model"] = engine::to_string(options.replay.memory_model);
  j["classes"] = v.classes;
  j["executions"] = v.search.executions;
  j["abandoned"] = v.search.abandoned;
  j["inconsistent"] = v.search.inconsistent;
  j["stale_spin_cuts"] = v.search.stale_spin_cuts;
  j["suppressed_races"] = v.search.suppressed_races;
  j["retry_cuts"] = v.search.retry_cuts;
  j["cut_loops"] = v.search.cut_loops;
  j["parts"] = v.parts;
  j["foreign"] = v.search.foreign;
  j["internal_errors"] = v.internal_errors;
  j["seconds"] = v.seconds;
  j["completed"] = v.completed;
  j["estimated_executions"] = v.estimated_executions;
  j["estimate_is_lower"] = v.estimate_is_lower;
  const int signal = hunt::stop_signal();
  j["interrupted_by"] = signal != 0 ? std::string("SIG") + sigabbrev_np(signal) : "";
  if (v.search.violation) {
    const hunt::Violation& found = *v.search.violation;
    nlohmann::json f;
    f["kind"] = hunt::to_string(found.kind);
    f["schedule"] = found.schedule.to_token();
    f["found_after_executions"] = found.found_after_executions;
    f["report"] = found.report;
    if (!archived.empty()) {
      f["archived"] = archived[0].path;
      f["shrunk_program"] = archived[0].counterexample.program.describe(*target.model);
      f["shrunk_schedule"] = archived[0].counterexample.schedule.to_token();
    }
    j["violation"] = f;
  }
  return j;
}

}  // namespace

const char* classes_word(const hunt::HuntOptions& options) {
  return options.replay.memory_model == engine::MemoryModel::kC11 ? "execution graphs" : "classes";
}

std::string retry_cut_words(const hunt::ProgramSearch& s) {
  if (s.retry_cuts == 0) return "";
  const size_t loops = s.cut_loops.size();
  return ", " + std::to_string(s.retry_cuts) + " execution" + (s.retry_cuts == 1 ? "" : "s") +
         " cut at effect-free retry rounds in " + std::to_string(loops) + " loop" +
         (loops == 1 ? "" : "s");
}

ExitStatus VerifyCommand::report(const specs::Target& target, const hunt::HuntOptions& options,
                                 const specs::TestProgram& program, const hunt::VerifyResult& v,
                                 const std::vector<ArchivedViolation>& archived,
                                 const std::vector<std::string>& archiving_errors) const {
  const hunt::HuntResult as_hunt = hunt::as_hunt_result(v);
  // Explored to the end, but what the engine or the check could not see, or a search that does
  // not claim every class, leaves it unassured.
  std::string unassured = v.completed ? hunt::incomplete_coverage(as_hunt, options) : "";
  if (v.ended_unclaimed) {
    unassured =
        "a thread the search was to run was blocked there (a spin or a lock), after which "
        "optimal DPOR may miss classes";
  }
  const Verdict verdict = v.search.violation                   ? Verdict::kViolation
                          : !v.completed && !v.ended_unclaimed ? Verdict::kNotCompleted
                          : unassured.empty()                  ? Verdict::kVerified
                                                               : Verdict::kUnassured;
  const double ratio = v.search.executions == 0 ? 0
                                                : static_cast<double>(v.classes) /
                                                      static_cast<double>(v.search.executions);
  const double estimated_classes = v.estimated_executions * ratio;
  const int signal = hunt::stop_signal();
  const char* classes = classes_word(options);
  if (output_.json) {
    nlohmann::json j = verify_json(target, options, program, v, archived);
    j["verdict"] = to_string(verdict);
    j["stopped_by"] = verdict == Verdict::kNotCompleted ? stop_reason(v) : "";
    j["unassured_because"] = unassured;
    j["estimated_classes"] = estimated_classes;
    j["jobs"] = output_.jobs;
    j["archiving_errors"] = archiving_errors;
    std::printf("%s\n", j.dump(2).c_str());
  } else {
    switch (verdict) {
      case Verdict::kVerified:
        std::printf("verified: %lu %s, %lu executions%s, linearizable (%.1f s)\n",
                    static_cast<unsigned long>(v.classes), classes,
                    static_cast<unsigned long>(v.search.executions),
                    retry_cut_words(v.search).c_str(), v.seconds);
        break;
      case Verdict::kViolation:
        std::printf("violation: %s after %lu executions, %lu %s (%.1f s)\n",
                    hunt::to_string(v.search.violation->kind),
                    static_cast<unsigned long>(v.search.violation->found_after_executions),
                    static_cast<unsigned long>(v.classes), classes, v.seconds);
        break;
      case Verdict::kUnassured:
        std::printf("explored to the end, not verified: %lu %s, %lu executions%s (%.1f s); %s\n",
                    static_cast<unsigned long>(v.classes), classes,
                    static_cast<unsigned long>(v.search.executions),
                    retry_cut_words(v.search).c_str(), v.seconds, unassured.c_str());
        break;
      case Verdict::kNotCompleted:
        std::printf("not completed: %lu %s so far, %lu executions in %.1f s (%s)\n",
                    static_cast<unsigned long>(v.classes), classes,
                    static_cast<unsigned long>(v.search.executions), v.seconds,
                    stop_reason(v).c_str());
        if (v.estimated_executions > 0) {
          const double per_execution = v.seconds / static_cast<double>(v.search.executions);
          std::string why;
          if (v.parts_searched < v.parts) {
            why = " (" + std::to_string(v.parts - v.parts_searched) + " of the " +
                  std::to_string(v.parts) + " parts of the split search not begun: not estimated)";
          } else if (v.estimate_is_lower) {
            why =
                " (the search has not backed up to every branching point on its path yet: their "
                "other branches are not estimated)";
          }
          std::printf(
              "estimate of the whole (rough, see README): %s~%.3g executions, ~%.3g %s, "
              "~%.3g s at this rate%s\n",
              v.estimate_is_lower ? ">= " : "", v.estimated_executions, estimated_classes, classes,
              v.estimated_executions * per_execution, why.c_str());
        }
        break;
    }
    if (v.search.foreign != 0) {
      std::printf(
          "(%lu executions of classes another part of the split search owns, not counted)\n",
          static_cast<unsigned long>(v.search.foreign));
    }
    if (v.search.inconsistent != 0) {
      std::printf(
          "(%lu executions RC11 forbids, their seq_cst events in no order psc admits, not "
          "counted)\n",
          static_cast<unsigned long>(v.search.inconsistent));
    }
    if (v.search.abandoned != 0) {
      std::printf("(%lu executions abandoned as redundant by the search, not counted)\n",
                  static_cast<unsigned long>(v.search.abandoned));
    }
    if (v.search.suppressed_races != 0) {
      std::printf("(%lu data races let pass by --suppress-race)\n",
                  static_cast<unsigned long>(v.search.suppressed_races));
    }
    if (v.search.stale_spin_cuts != 0) {
      std::printf(
          "(%lu times a loop that read stale stores twice was let on to the newest stores: its "
          "later rounds in that call read the newest only)\n",
          static_cast<unsigned long>(v.search.stale_spin_cuts));
    }
  }
  std::fflush(stdout);
  if (signal != 0) return static_cast<ExitStatus>(128 + signal);
  if ((!archiving_errors.empty() || !v.internal_errors.empty()) && !v.search.violation) {
    return ExitStatus::kInternalError;
  }
  switch (verdict) {
    case Verdict::kVerified:
      return ExitStatus::kClean;
    case Verdict::kViolation:
      return ExitStatus::kViolation;
    default:
      return ExitStatus::kUndetermined;
  }
}

}  // namespace lineup::cli
