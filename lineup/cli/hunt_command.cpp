#include "lineup/cli/hunt_command.h"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <optional>
#include <vector>

#include "engine/strategy/factory.h"
#include "engine/trace_folding.h"
#include "lineup/cli/client_option.h"
#include "lineup/cli/findings.h"
#include "lineup/cli/hidden_access_check.h"
#include "lineup/cli/hunt_summary.h"
#include "lineup/cli/program_name.h"
#include "lineup/cli/progress.h"
#include "lineup/corpus/corpus.h"
#include "lineup/corpus/sarif.h"
#include "lineup/hunt/cheap_clocks.h"
#include "lineup/hunt/interruption.h"
#include "lineup/hunt/parallel.h"
#include "lineup/hunt/shard.h"

namespace lineup::cli {

bool HuntOutput::corpus_usable() const {
  if (corpus_dir.empty()) return true;
  const std::string why = corpus::unwritable_reason(corpus_dir);
  if (why.empty()) return true;
  std::fprintf(stderr, "lineup: cannot archive in --corpus '%s': %s\n", corpus_dir.c_str(),
               why.c_str());
  return false;
}

double parse_budget(const std::string& text) {
  size_t used = 0;
  double value = 0;
  try {
    value = std::stod(text, &used);
  } catch (const std::exception&) {
    return -1;
  }
  if (!std::isfinite(value) || value <= 0) return -1;
  std::string unit = text.substr(used);
  if (unit.empty() || unit == "s") return value;
  if (unit == "ms") return value / 1000;
  if (unit == "m") return value * 60;
  if (unit == "h") return value * 3600;
  return -1;
}

std::string race_suppression_error(const std::string& pattern, engine::MemoryModel model) {
  if (model != engine::MemoryModel::kC11) {
    return "data races are looked for in c11 mode only (--memory-model c11)";
  }
  if (pattern.empty()) return "an empty pattern would match every race";
  for (char c : pattern) {
    if (c < ' ' || c > '~') return "a pattern is printable ASCII (a file, file:line or function)";
  }
  return "";
}

bool race_suppressions_usable(const std::vector<std::string>& patterns, engine::MemoryModel model) {
  for (const std::string& pattern : patterns) {
    if (std::string why = race_suppression_error(pattern, model); !why.empty()) {
      std::fprintf(stderr, "lineup: --suppress-race '%s': %s\n", pattern.c_str(), why.c_str());
      return false;
    }
  }
  return true;
}

HuntCommand::HuntCommand(CLI::App& app) {
  hunt::HuntOptions& o = options_;
  o.max_violations = 0;
  output_.jobs = static_cast<int>(std::max(1L, sysconf(_SC_NPROCESSORS_ONLN)));
  CLI::App* hunt = command_ = app.add_subcommand("hunt", "hunt for linearizability violations");
  hunt->add_option("structure", structure_, "structure to test (see `" + program_name() + " list`)")
      ->required();
  hunt->add_option("--budget", budget_, "time budget (30s, 2m, ...)")->capture_default_str();
  hunt->add_option("--shrink-budget", shrink_budget_,
                   "time for shrinking the violations found, after the budget (the hunt ends "
                   "within budget + shrink budget + 6 s)")
      ->capture_default_str();
  hunt->add_option("--strategy", strategy_, "search strategy")
      ->check(CLI::IsMember(engine::strategy_names()))
      ->capture_default_str();
  hunt->add_option("--bound", o.search.bound,
                   "preemption bound (cbdpor, icb, gambit, portfolio, dfs)")
      ->capture_default_str();
  hunt->add_option("--memory-model", memory_model_,
                   "sc: every execution sequentially consistent; c11: loads may read stale "
                   "stores as C++11 allows, and plain data races are reported (the portfolio's "
                   "systematic part is then dfs; dfs, random, pct, pos and surw also run, not "
                   "cbdpor, dpor, icb, gambit)")
      ->check(CLI::IsMember({"sc", "c11"}))
      ->capture_default_str();
  hunt->add_flag("--psc", o.replay.rc11_seq_cst,
                 "c11 mode: order seq_cst accesses and fences by RC11's psc, not as they run "
                 "(seq_cst loads then also read stale stores; executions psc forbids are dropped)");
  hunt->add_flag("!--ignore-races", o.replay.report_data_races,
                 "c11 mode: do not report data races on plain locations");
  hunt->add_option("--suppress-race", o.replay.race_suppressions,
                   "c11 mode: go past a known data race whose either access's place (file:line "
                   "function, as reports print it) contains PATTERN, counting it (repeatable)")
      ->type_name("PATTERN")
      ->expected(1)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  hunt->add_option("--stale-bound", o.search.stale_bound,
                   "portfolio and dfs in c11 mode: at most N stale reads per execution (-1: no "
                   "bound)")
      ->capture_default_str();
  hunt->add_option("--depth", o.search.pct_depth, "pct: bug depth d (d-1 change points)")
      ->check(CLI::Range(1, 64))
      ->capture_default_str();
  hunt->add_option("--executions", o.search.executions_per_program,
                   "at most this many executions per program (portfolio: for each of its "
                   "two strategies)")
      ->capture_default_str();
  hunt->add_option("--curve", o.curve_every,
                   "--json: record executions and distinct classes every N executions");
  hunt->add_flag("--per-program", output_.per_program,
                 "--json: executions and classes per program");
  hunt->add_option("-t,--threads", o.threads, "threads per program")
      ->check(CLI::Range(1, 8))
      ->capture_default_str();
  hunt->add_option("-c,--calls", o.calls, "calls per thread")
      ->check(CLI::Range(1, 8))
      ->capture_default_str();
  hunt->add_option("--programs", o.max_programs,
                   "stop after this many programs (0: only the budget)")
      ->capture_default_str();
  hunt->add_option("--init", o.init, "sequential prefix of up to N calls")
      ->check(CLI::Range(0, 8))
      ->capture_default_str();
  hunt->add_option("--seed", o.seed, "seed of program generation")->capture_default_str();
  hunt->add_option("--check", check_, "linearizability check")
      ->check(CLI::IsMember({"dependency", "classic"}))
      ->capture_default_str();
  hunt->add_option("--spec", spec_,
                   "correct outcomes: the sequential model, or the implementation's own serial "
                   "outcomes (Line-Up phase 1)")
      ->check(CLI::IsMember({"model", "serial"}))
      ->capture_default_str();
  hunt->add_flag("--atomics-only", o.replay.atomics_only,
                 "scheduling points only at atomics and locks");
  hunt->add_flag("--thread-pointer-per-thread", o.replay.thread_pointer_per_thread,
                 "each logical thread sees its thread-locals at addresses of its own from the "
                 "start (for code that tells threads apart by &some_thread_local without the "
                 "address reaching shared memory, where the hunt switches by itself; a system "
                 "call per switch)");
  hunt->add_flag("--private-stack-steps", o.replay.private_stack_steps,
                 "a scheduling point at every access to a thread's own stack, even before a "
                 "pointer into it is published (as counterexamples of format 1 were recorded)");
  hunt->add_flag("--bias-classes", o.bias_classes,
                 "every other program mutated from one of the four that reached the most new "
                 "distinct classes");
  hunt->add_option("--seal", o.sealed,
                   "no preemption inside this function (repeatable; short name, e.g. push)");
  hunt->add_option("--max-bugs", o.max_violations,
                   "stop after this many distinct bugs (0: hunt the whole budget; after each "
                   "bug the functions it preempts in are sealed)")
      ->capture_default_str();
  hunt->add_option("--shard", shard_,
                   "I/N: hunt only programs I, I+N, I+2N, ... (0 <= I < N); auto or auto/N: I "
                   "and N from a Slurm job array, Kubernetes Indexed Job or GTEST_SHARD_*");
  hunt->add_option("--client", client_,
                   "every program is this client: calls per thread, threads separated by |, "
                   "e.g. \"push(1) pop() | pop() | push()\" (an argument left out is drawn "
                   "for each program), optionally after \"init: push(1) |\"")
      ->excludes("--threads")
      ->excludes("--calls")
      ->excludes("--init")
      ->excludes("--bias-classes");
  add_output_options(*hunt);
  group_options(*hunt);
}

void HuntCommand::add_output_options(CLI::App& hunt) {
  hunt.add_flag("--json", output_.json, "print one JSON object at the end");
  hunt.add_option("--sarif", output_.sarif,
                  "also write the violations found as a SARIF 2.1.0 log to FILE (one result "
                  "per bug at its failing line, its trace as a code flow), as code hosts and "
                  "CI tools read it")
      ->type_name("FILE");
  hunt.add_flag("-q,--quiet", output_.quiet, "no progress line");
  hunt.add_flag("-v,--verbose", output_.verbose,
                "the progress line also counts capped programs, abandoned executions, spin "
                "blocks and forced timeouts (the summary always does)");
  hunt.add_option("-j,--jobs", output_.jobs, "worker processes (default: the number of cores)")
      ->check(CLI::Range(1, 256))
      ->capture_default_str();
  hunt.add_option("--corpus", output_.corpus_dir,
                  "folder where counterexamples are archived (\"\": do not archive)")
      ->capture_default_str();
  hunt.add_flag("!--no-shrink", output_.shrink, "report and archive violations unshrunk");
  hunt.add_flag("--full-trace", full_trace_,
                "print every step of a report (by default a loop repeated for many rounds is "
                "folded to its first and last round; the archived case holds every step)");
  hunt.add_flag("--allow-hidden-accesses", allow_hidden_accesses_,
                "hunt even when the code under test makes memory accesses lineup cannot see "
                "(atomics in inline assembly): no bound is claimed and every violation is "
                "qualified");
  hunt.add_option("--allow-uninstrumented", allow_uninstrumented_,
                  "hunt even when the structure's code calls functions built without lineup's "
                  "instrumentation (a prebuilt library), all of them or those named "
                  "(=FUNCTION,...): no bound is claimed and every violation is qualified")
      ->expected(0, 1);
}

bool HuntCommand::write_sarif(const std::vector<ArchivedViolation>& archived) const {
  std::vector<corpus::SarifCase> cases;
  cases.reserve(archived.size());
  for (const ArchivedViolation& a : archived) cases.push_back({a.counterexample, a.path});
  try {
    std::error_code ec;
    const std::string root = std::filesystem::current_path(ec).string();
    corpus::replace_file(output_.sarif, corpus::sarif_log(cases, root).dump(2) + "\n");
    return true;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "lineup: cannot write the SARIF log %s: %s\n", output_.sarif.c_str(),
                 e.what());
    return false;
  }
}

void HuntCommand::group_options(CLI::App& hunt) {
  // `hunt --help` in groups a reader can scan; an option left out of them would be listed
  // alone under "OPTIONS" (a test checks none is).
  const std::pair<const char*, std::vector<const char*>> groups[] = {
      {"Program shape",
       {"--threads", "--calls", "--init", "--programs", "--seed", "--client", "--bias-classes"}},
      {"Search",
       {"--budget", "--strategy", "--bound", "--executions", "--depth", "--max-bugs", "--seal",
        "--atomics-only", "--thread-pointer-per-thread", "--private-stack-steps"}},
      {"Weak memory",
       {"--memory-model", "--stale-bound", "--psc", "--ignore-races", "--suppress-race"}},
      {"Spec and check",
       {"--spec", "--check", "--allow-hidden-accesses", "--allow-uninstrumented"}},
      {"Output",
       {"--quiet", "--verbose", "--full-trace", "--json", "--sarif", "--per-program", "--curve"}},
      {"Corpus and shrinking", {"--corpus", "--no-shrink", "--shrink-budget"}},
      {"Distribution", {"--jobs", "--shard"}},
  };
  for (const auto& [group, names] : groups) {
    for (const char* name : names) hunt.get_option(name)->group(group);
  }
}

ExitStatus HuntCommand::run() {
  // The budget counts from here: checking the code and the corpus folder are part of the hunt.
  const auto started = std::chrono::steady_clock::now();
  const double start = hunt::coarse_seconds();
  hunt::HuntOptions options = options_;
  options.search.strategy = *engine::parse_strategy(strategy_);  // the parser checked the name
  options.replay.model_spec = spec_ == "model";
  options.replay.dependency_aware = check_ == "dependency";
  options.replay.memory_model =
      *engine::parse_memory_model(memory_model_);  // the parser checked it
  if (!race_suppressions_usable(options.replay.race_suppressions, options.replay.memory_model)) {
    return ExitStatus::kUsage;
  }
  if (std::string why =
          engine::refuse_memory_model(options.search.strategy, options.replay.memory_model);
      !why.empty()) {
    std::fprintf(stderr, "lineup: %s\n", why.c_str());
    return ExitStatus::kUsage;
  }
  if (!shard_.empty()) {
    std::string error;
    std::optional<hunt::Shard> s = hunt::parse_shard(shard_, std::getenv, &error);
    if (!s) {
      std::fprintf(stderr, "lineup: bad --shard '%s' (%s)\n", shard_.c_str(), error.c_str());
      return ExitStatus::kUsage;
    }
    if (s->source != "--shard") {  // said even with --quiet: batch logs show it
      std::fprintf(stderr, "lineup: shard %lu/%lu from %s\n", static_cast<unsigned long>(s->index),
                   static_cast<unsigned long>(s->count), s->source.c_str());
    }
    options.shard.index = s->index;
    options.shard.count = s->count;
  }
  const specs::Target* target = specs::find_target(structure_);
  if (target == nullptr) {
    std::fprintf(stderr, "%s: unknown structure '%s' (see `%s list`)\n", program_name().c_str(),
                 structure_.c_str(), program_name().c_str());
    return ExitStatus::kUsage;
  }
  if (command_->count("--client") != 0 && !use_client(client_, *target, options)) {
    return ExitStatus::kUsage;
  }
  // The structure's own shape, where it declares one and the command line does not say.
  if (target->threads > 0 && command_->count("--threads") == 0) options.threads = target->threads;
  if (target->calls > 0 && command_->count("--calls") == 0) options.calls = target->calls;
  options.budget_seconds = parse_budget(budget_);
  if (options.budget_seconds < 0) {
    std::fprintf(stderr, "lineup: bad --budget '%s' (e.g. 30s, 2m, 500ms; more than 0)\n",
                 budget_.c_str());
    return ExitStatus::kUsage;
  }
  const double shrink_budget_seconds = parse_budget(shrink_budget_);
  if (shrink_budget_seconds < 0) {
    std::fprintf(stderr, "lineup: bad --shrink-budget '%s' (e.g. 10s, 1m; more than 0)\n",
                 shrink_budget_.c_str());
    return ExitStatus::kUsage;
  }
  if (!output_.corpus_usable()) return ExitStatus::kUsage;
  engine::set_trace_folding(!full_trace_);
  UnseenAllowance allow;
  allow.hidden_accesses = allow_hidden_accesses_;
  allow.quiet = output_.quiet;
  std::string error;
  if (command_->count("--allow-uninstrumented") > 0 &&
      !parse_allowed_functions(allow_uninstrumented_, allow, &error)) {
    std::fprintf(stderr, "lineup: bad --allow-uninstrumented: %s\n", error.c_str());
    return ExitStatus::kUsage;
  }
  HiddenAccessVerdict hidden = check_hidden_accesses(*target, options, allow);
  if (hidden.refuse) return ExitStatus::kUsage;
  options.unseen_accesses = hidden.unseen;
  options.deadline = start + options.budget_seconds;
  hunt::stop_on_signals();
  hunt::HuntResult r;
  std::vector<ArchivedViolation> archived;
  Progress progress(options.budget_seconds, output_.quiet, output_.verbose);
  Findings findings(*target, options, output_, [&] { progress.finish(); });
  double search_end = 0;
  try {
    r = hunt::hunt_parallel(*target, options, output_.jobs, [&](const hunt::HuntResult& so_far) {
      findings.update(so_far);
      progress.update(so_far);
    });
    progress.finish();
    search_end = hunt::coarse_seconds();
    archived = findings.finish(r, options.deadline + shrink_budget_seconds);
    drop_same_bugs(r, archived);
  } catch (const std::exception& e) {
    progress.finish();
    std::fprintf(stderr, "lineup: internal error: %s\n", e.what());
    return ExitStatus::kInternalError;
  }
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  // Shrinking runs after the search, within its own allowance past the budget.
  HuntTimes times;
  times.search_seconds = search_end - start;
  times.shrink_seconds =
      output_.shrink && !r.violations.empty() ? hunt::coarse_seconds() - search_end : 0;
  times.shrink_budget_seconds = shrink_budget_seconds;
  return report(*target, options, r, archived, findings.errors(), times);
}

ExitStatus HuntCommand::report(const specs::Target& target, const hunt::HuntOptions& options,
                               hunt::HuntResult& r, const std::vector<ArchivedViolation>& archived,
                               const std::vector<std::string>& archiving_errors,
                               const HuntTimes& times) const {
  for (const std::string& e : r.internal_errors) {
    std::fprintf(stderr, "lineup: internal error (the hunt went on): %s\n", e.c_str());
  }
  for (hunt::Violation& v : r.violations) v.report += unseen_access_note(options);
  if (!output_.sarif.empty() && !write_sarif(archived)) return ExitStatus::kInternalError;
  const int interrupted = hunt::stop_signal();
  if (output_.json) {
    nlohmann::json j = hunt_json(target, options, check_, output_, r, archived);
    j["interrupted_by"] = interrupted != 0 ? std::string("SIG") + sigabbrev_np(interrupted) : "";
    j["archiving_errors"] = archiving_errors;
    j["search_seconds"] = times.search_seconds;
    j["shrink_seconds"] = times.shrink_seconds;
    j["shrink_budget_seconds"] = times.shrink_budget_seconds;
    std::printf("%s\n", j.dump(2).c_str());
  } else {
    if (output_.shrink && !r.violations.empty()) {
      std::printf("shrinking: %.1f s after %.1f s of search (allowed: %g s, --shrink-budget)\n",
                  times.shrink_seconds, times.search_seconds, times.shrink_budget_seconds);
    }
    print_hunt_summary(target, options, check_, r);
    if (interrupted != 0) {
      std::printf("interrupted by SIG%s: the hunt stopped early\n", sigabbrev_np(interrupted));
    }
  }
  std::fflush(stdout);
  if (interrupted != 0) return static_cast<ExitStatus>(128 + interrupted);
  if (!archiving_errors.empty() && r.violations.empty()) return ExitStatus::kInternalError;
  if (!r.violations.empty()) return ExitStatus::kViolation;
  return r.internal_errors.empty() ? ExitStatus::kClean : ExitStatus::kInternalError;
}

}  // namespace lineup::cli
