// The lineup command line.
//   lineup run     explore executions of a built-in program under a strategy, with outcome
//                  counts, equivalence classes and speed
//   lineup replay  one execution from a schedule token, printed as a trace
//   lineup hunt    random test programs of a structure, each explored under a strategy and
//                  checked for linearizability, within a time budget
//   lineup list    the built-in structures
#include <CLI/CLI.hpp>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <optional>
#include <set>

#include <unistd.h>

#include <climits>
#include <nlohmann/json.hpp>

#include "lineup/hunt/coverage.h"

#include "adapters/smoke/smoke_programs.h"
#include "corpus/parallel.h"
#include "lineup/cli/corpus_commands.h"
#include "lineup/cli/merge_commands.h"
#include "lineup/cli/progress.h"
#include "lineup/engine/engine.h"
#include "lineup/engine/happens_before.h"
#include "lineup/engine/strategy/coverage.h"
#include "lineup/engine/strategy/factory.h"
#include "lineup/engine/trace_printer.h"
#include "lineup/hunt/hunt.h"
#include "lineup/hunt/shard.h"
#include "specs/structure.h"

namespace {

using lineup::engine::Engine;
using lineup::engine::ExecutionResult;
using lineup::engine::Outcome;

const lineup::smoke::SmokeStructure* find_structure(const std::string& name) {
  for (const auto& s : lineup::smoke::smoke_structures()) {
    if (s.name == name) return &s;
  }
  return nullptr;
}

struct Shape {
  std::string structure = lineup::smoke::smoke_structures().front().name;
  int threads = 3;
  int calls = 3;
  bool atomics_only = false;
};

void add_shape_options(CLI::App* cmd, Shape& shape) {
  cmd->add_option("-s,--structure", shape.structure, "built-in structure (see `lineup list`)")
      ->capture_default_str();
  cmd->add_option("-t,--threads", shape.threads, "logical threads")
      ->check(CLI::Range(1, 52))
      ->capture_default_str();
  cmd->add_option("-c,--calls", shape.calls, "calls per thread")
      ->check(CLI::Range(1, 20))
      ->capture_default_str();
  cmd->add_flag("--atomics-only", shape.atomics_only,
                "scheduling points only at atomics and locks (default: every shared access)");
}

int run_command(const Shape& shape, lineup::engine::StrategyConfig config, bool show_trace) {
  const auto* structure = find_structure(shape.structure);
  if (structure == nullptr) {
    std::fprintf(stderr, "lineup: unknown structure '%s' (see `lineup list`)\n",
                 shape.structure.c_str());
    return 2;
  }
  lineup::engine::EngineOptions options;
  options.schedule_plain_accesses = !shape.atomics_only;
  Engine engine(options);
  lineup::smoke::SmokeProgram sp = structure->make(shape.threads, shape.calls);
  std::string error;
  std::unique_ptr<lineup::engine::Strategy> strategy = make_strategy(config, &error);
  if (!strategy) {
    std::fprintf(stderr, "lineup: %s\n", error.c_str());
    return 2;
  }
  std::map<std::string, uint64_t> outcomes;
  std::set<uint64_t> classes;
  lineup::engine::HappensBefore hb;
  uint64_t steps = 0, n = 0;
  bool reported = false;
  auto start = std::chrono::steady_clock::now();
  engine.explore(sp.program, *strategy, [&](const ExecutionResult& r) {
    ++n;
    if (r.outcome == Outcome::kAbandoned) {
      ++outcomes["abandoned (redundant)"];
      return n < config.executions || config.executions == 0;
    }
    steps += r.trace.steps.size();
    hb.reset(static_cast<int>(sp.program.threads.size()));
    for (const auto& t : r.trace.steps) hb.add(t);
    classes.insert(hb.fingerprint());
    std::string failure = r.ok() ? sp.check() : r.message;
    std::string kind = r.ok() ? (failure.empty() ? "completed" : "check failed")
                              : lineup::engine::to_string(r.outcome);
    ++outcomes[kind];
    if (!failure.empty() && !reported) {
      reported = true;
      std::printf("first failure (%s): %s\nreplay: lineup replay -s %s -t %d -c %d%s %s\n",
                  kind.c_str(), failure.c_str(), shape.structure.c_str(), shape.threads,
                  shape.calls, shape.atomics_only ? " --atomics-only" : "",
                  r.schedule.to_token().c_str());
      if (show_trace) std::fputs(format_trace(r, sp.program, engine).c_str(), stdout);
    }
    return n < config.executions || config.executions == 0;
  });
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  uint64_t completed_or_failed = n - outcomes["abandoned (redundant)"];
  std::printf("%s: %d threads x %d calls, %s, strategy %s\n", structure->name.c_str(),
              shape.threads, shape.calls,
              shape.atomics_only ? "atomics-only" : "all accesses scheduled", config.name.c_str());
  std::printf("%lu executions in %.2f s (%.0f executions/s), %.1f scheduling points each\n",
              static_cast<unsigned long>(n), seconds, n / seconds,
              completed_or_failed ? static_cast<double>(steps) / completed_or_failed : 0.0);
  std::printf("%zu distinct equivalence classes (%.2f executions per class)\n", classes.size(),
              classes.empty() ? 0.0 : static_cast<double>(completed_or_failed) / classes.size());
  std::string covered = lineup::engine::describe(strategy->coverage());
  if (!covered.empty()) std::printf("%s\n", covered.c_str());
  outcomes.erase("abandoned (redundant)");
  for (const auto& [kind, count] : outcomes) {
    std::printf("  %-18s %lu\n", kind.c_str(), static_cast<unsigned long>(count));
  }
  return outcomes.size() == 1 && outcomes.count("completed") ? 0 : 1;
}

int replay_command(const Shape& shape, const std::string& token) {
  const auto* structure = find_structure(shape.structure);
  if (structure == nullptr) {
    std::fprintf(stderr, "lineup: unknown structure '%s'\n", shape.structure.c_str());
    return 2;
  }
  std::string error;
  auto schedule = lineup::engine::Schedule::from_token(token, &error);
  if (!schedule) {
    std::fprintf(stderr, "lineup: %s\n", error.c_str());
    return 2;
  }
  lineup::engine::EngineOptions options;
  options.schedule_plain_accesses = !shape.atomics_only;
  Engine engine(options);
  lineup::smoke::SmokeProgram sp = structure->make(shape.threads, shape.calls);
  const ExecutionResult& r = engine.replay(sp.program, *schedule);
  std::fputs(format_trace(r, sp.program, engine).c_str(), stdout);
  if (r.ok()) {
    std::string failure = sp.check();
    if (!failure.empty()) std::printf("check failed: %s\n", failure.c_str());
    return failure.empty() ? 0 : 1;
  }
  return 1;
}

// "30s", "2m", "500ms", "1h" or plain seconds; negative on error.
double parse_budget(const std::string& text) {
  size_t used = 0;
  double value = 0;
  try {
    value = std::stod(text, &used);
  } catch (const std::exception&) {
    return -1;
  }
  std::string unit = text.substr(used);
  if (unit.empty() || unit == "s") return value;
  if (unit == "ms") return value / 1000;
  if (unit == "m") return value * 60;
  if (unit == "h") return value * 3600;
  return -1;
}

struct ArchiveOptions {
  std::string dir = "corpus";
  bool shrink = true;
  bool quiet = false;  // no progress line
  int jobs = 1;
  bool per_program = false;  // --json lists executions and classes per program
};

int hunt_command(const std::string& name, lineup::HuntOptions options, const std::string& budget,
                 const std::string& check, bool json, const ArchiveOptions& archive) {
  const lineup::specs::Target* target = lineup::specs::find_target(name);
  if (target == nullptr) {
    std::fprintf(stderr, "lineup: unknown structure '%s' (see `lineup list`)\n", name.c_str());
    return 2;
  }
  options.budget_seconds = parse_budget(budget);
  if (options.budget_seconds < 0) {
    std::fprintf(stderr, "lineup: bad --budget '%s' (e.g. 30s, 2m, 500ms)\n", budget.c_str());
    return 2;
  }
  options.dependency_aware = check == "dependency";
  lineup::HuntResult r;
  try {
    lineup::cli::Progress progress(options.budget_seconds, archive.quiet);
    r = lineup::hunt_parallel(*target, options, archive.jobs,
                              [&](const lineup::HuntResult& so_far) { progress.update(so_far); });
    progress.finish();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "lineup: internal error: %s\n", e.what());
    return 3;
  }
  for (const std::string& e : r.internal_errors) {
    std::fprintf(stderr, "lineup: internal error (the hunt went on): %s\n", e.c_str());
  }
  std::vector<lineup::cli::ArchivedViolation> archived;
  try {
    for (const lineup::Violation& v : r.violations) {
      if (!json) std::printf("%s\n", v.report.c_str());
      archived.push_back(
          lineup::cli::archive_violation(*target, v, options, archive.dir, archive.shrink, json));
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "lineup: archiving failed: %s\n", e.what());
    return 3;
  }
  if (json) {
    nlohmann::json out = {{"structure", name},
                          {"strategy", options.strategy},
                          {"bound", options.bound},
                          {"seed", options.seed},
                          {"check", check},
                          {"jobs", archive.jobs},
                          {"threads", options.threads},
                          {"calls", options.calls},
                          {"init", options.init},
                          {"programs", r.programs},
                          {"executions", r.executions},
                          {"distinct_classes", r.distinct_classes},
                          {"seconds", r.seconds},
                          {"bound_completed", r.bound_completed},
                          {"bound_covered", lineup::bound_covered(r, options)},
                          {"coverage_gap", lineup::incomplete_coverage(r, options)},
                          {"programs_capped", r.programs_capped},
                          {"executions_abandoned", r.abandoned},
                          {"spin_blocks", r.spin_blocks},
                          {"forced_timeouts", r.forced_timeouts},
                          {"duplicates_dropped", r.duplicates_dropped},
                          {"setup_seconds", r.setup_seconds},
                          {"checker_seconds", r.checker_seconds},
                          {"depth", options.pct_depth},
                          {"internal_errors", r.internal_errors},
                          {"violations", nlohmann::json::array()}};
    for (size_t i = 0; i < r.violations.size(); ++i) {
      const lineup::Violation& v = r.violations[i];
      const lineup::Counterexample& c = archived[i].counterexample;
      out["violations"].push_back({{"program", v.program.describe(*target->model)},
                                   {"signature", v.signature},
                                   {"preemptions", v.preemptions},
                                   {"shrunk_program", c.program.describe(*target->model)},
                                   {"shrunk_schedule", c.schedule.to_token()},
                                   {"shrunk_preemptions", c.preemptions},
                                   {"corpus_file", archived[i].path},
                                   {"program_index", v.program_index},
                                   {"schedule", v.schedule.to_token()},
                                   {"kind", v.kind},
                                   {"found_after_seconds", v.found_after_seconds},
                                   {"found_after_executions", v.found_after_executions},
                                   {"results", v.results},
                                   {"report", v.report}});
    }
    if (archive.per_program) {
      out["per_program"] = nlohmann::json::array();
      for (const lineup::ProgramCounts& p : r.per_program) {
        out["per_program"].push_back({p.index, p.executions, p.classes});
      }
    }
    if (!r.curve.empty()) out["curve"] = r.curve;
    std::printf("%s\n", out.dump(2).c_str());
  } else {
    std::printf(
        "%s: %lu programs, %lu executions, %lu distinct classes in %.1f s (%s, bound %d, "
        "%s check)\n",
        name.c_str(), static_cast<unsigned long>(r.programs),
        static_cast<unsigned long>(r.executions), static_cast<unsigned long>(r.distinct_classes),
        r.seconds, options.strategy.c_str(), options.bound, check.c_str());
    char bound[32] = "none";
    if (r.bound_completed >= 0) std::snprintf(bound, sizeof bound, "%d", r.bound_completed);
    std::printf("coverage: bound completed %s; %s\n", r.bound_completed == INT_MAX ? "all" : bound,
                lineup::coverage_counts(r).c_str());
    if (r.duplicates_dropped != 0) {
      std::printf("%lu violation%s dropped as already found by another job\n",
                  static_cast<unsigned long>(r.duplicates_dropped),
                  r.duplicates_dropped == 1 ? "" : "s");
    }
    std::string gap = lineup::incomplete_coverage(r, options);
    if (r.violations.empty()) {
      std::printf("no violation found%s\n", gap.empty() ? "" : (", but " + gap).c_str());
    } else {
      std::printf("%zu VIOLATION%s found (reports above)\n", r.violations.size(),
                  r.violations.size() == 1 ? "" : "S");
    }
  }
  if (!r.violations.empty()) return 1;
  return r.internal_errors.empty() ? 0 : 3;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"lineup: finds concurrency bugs in lock-free data structures"};
  app.require_subcommand(1);

  Shape run_shape;
  lineup::engine::StrategyConfig config;
  config.name = "random";
  config.executions = 10000;
  bool show_trace = false;
  CLI::App* run = app.add_subcommand("run", "explore executions of a built-in program");
  add_shape_options(run, run_shape);
  run->add_option("--strategy", config.name, "search strategy")
      ->check(CLI::IsMember(lineup::engine::strategy_names()))
      ->capture_default_str();
  run->add_option("--bound", config.bound, "preemption bound for cbdpor/icb (-1: deepen)")
      ->capture_default_str();
  run->add_option("-n,--executions", config.executions, "stop after this many (0: no limit)")
      ->capture_default_str();
  run->add_option("--seed", config.seed, "random seed (pct, random)")->capture_default_str();
  run->add_option("--depth", config.pct_depth, "pct: bug depth d (d-1 change points)")
      ->check(CLI::Range(1, 64))
      ->capture_default_str();
  run->add_flag("--trace", show_trace, "print the trace of the first failure");

  Shape replay_shape;
  std::string token;
  CLI::App* replay = app.add_subcommand("replay", "replay one schedule and print its trace");
  add_shape_options(replay, replay_shape);
  replay
      ->add_option("what", token,
                   "a counterexample file (corpus), or a schedule token (s1:...) of a "
                   "built-in program")
      ->required();

  std::string shrink_path;
  CLI::App* shrink = app.add_subcommand(
      "shrink", "shrink a counterexample file; the result is written as a new file beside it");
  shrink->add_option("file", shrink_path, "counterexample file")->required();

  std::string report_path, report_out;
  CLI::App* report = app.add_subcommand("report", "a counterexample file as a web page");
  report->add_option("file", report_path, "counterexample file")->required();
  report->add_option("--html", report_out, "the page to write")->required();

  std::string corpus_dir;
  CLI::App* corpus = app.add_subcommand("corpus", "list or check a corpus folder");
  corpus->require_subcommand(1);
  CLI::App* corpus_list = corpus->add_subcommand("list", "one line per counterexample");
  corpus_list->add_option("dir", corpus_dir, "corpus folder")->required();
  CLI::App* corpus_check =
      corpus->add_subcommand("check", "replay every file: fixed / still failing / unreadable");
  corpus_check->add_option("dir", corpus_dir, "corpus folder")->required();
  uint64_t check_executions = lineup::HuntOptions().executions_per_program;
  corpus_check->add_option("--executions", check_executions,
                           "cap on the search for another failing schedule");
  lineup::cli::MergeCommands merge_commands(app, *corpus);

  lineup::HuntOptions hunt_options;
  std::string structure, budget = "30s", check = "dependency";
  bool json = false;
  bool per_program = false;
  CLI::App* hunt = app.add_subcommand("hunt", "hunt for linearizability violations");
  hunt->add_option("structure", structure, "structure to test (see `lineup list`)")->required();
  hunt->add_option("--budget", budget, "time budget (30s, 2m, ...)")->capture_default_str();
  hunt->add_option("--strategy", hunt_options.strategy, "search strategy")
      ->check(CLI::IsMember(lineup::engine::strategy_names()))
      ->capture_default_str();
  hunt->add_option("--bound", hunt_options.bound, "preemption bound (cbdpor, icb)")
      ->capture_default_str();
  hunt->add_option("--depth", hunt_options.pct_depth, "pct: bug depth d (d-1 change points)")
      ->check(CLI::Range(1, 64))
      ->capture_default_str();
  hunt->add_option("--executions", hunt_options.executions_per_program,
                   "at most this many executions per program")
      ->capture_default_str();
  hunt->add_option("--curve", hunt_options.curve_every,
                   "--json: record executions and distinct classes every N executions");
  hunt->add_flag("--per-program", per_program, "--json: executions and classes per program");
  hunt->add_option("-t,--threads", hunt_options.threads, "threads per program")
      ->check(CLI::Range(1, 8))
      ->capture_default_str();
  hunt->add_option("-c,--calls", hunt_options.calls, "calls per thread")
      ->check(CLI::Range(1, 8))
      ->capture_default_str();
  hunt->add_option("--programs", hunt_options.max_programs,
                   "stop after this many programs (0: only the budget)")
      ->capture_default_str();
  hunt->add_option("--init", hunt_options.init, "sequential prefix of up to N calls")
      ->check(CLI::Range(0, 8))
      ->capture_default_str();
  hunt->add_option("--seed", hunt_options.seed, "seed of program generation")
      ->capture_default_str();
  hunt->add_option("--check", check, "linearizability check")
      ->check(CLI::IsMember({"dependency", "classic"}))
      ->capture_default_str();
  std::string spec = "model";
  hunt->add_option("--spec", spec,
                   "correct outcomes: the sequential model, or the implementation's own serial "
                   "outcomes (Line-Up phase 1)")
      ->check(CLI::IsMember({"model", "serial"}))
      ->capture_default_str();
  hunt->add_flag("--atomics-only", hunt_options.atomics_only,
                 "scheduling points only at atomics and locks");
  hunt->add_flag("--json", json, "print one JSON object at the end");

  hunt->add_option("--seal", hunt_options.sealed,
                   "no preemption inside this function (repeatable; short name, e.g. push)");
  hunt_options.max_violations = 0;
  hunt->add_option("--max-bugs", hunt_options.max_violations,
                   "stop after this many distinct bugs (0: hunt the whole budget; after each "
                   "bug the functions it preempts in are sealed)")
      ->capture_default_str();
  std::string shard;
  hunt->add_option("--shard", shard,
                   "I/N: hunt only programs I, I+N, I+2N, ... (0 <= I < N); auto or auto/N: I "
                   "and N from a Slurm job array, Kubernetes Indexed Job or GTEST_SHARD_*");
  ArchiveOptions archive;
  hunt->add_flag("-q,--quiet", archive.quiet, "no progress line");
  archive.jobs = static_cast<int>(std::max(1L, sysconf(_SC_NPROCESSORS_ONLN)));
  hunt->add_option("-j,--jobs", archive.jobs, "worker processes (default: the number of cores)")
      ->check(CLI::Range(1, 256))
      ->capture_default_str();
  hunt->add_option("--corpus", archive.dir,
                   "folder where counterexamples are archived (\"\": do not archive)")
      ->capture_default_str();
  hunt->add_flag("!--no-shrink", archive.shrink, "report and archive violations unshrunk");

  CLI::App* list = app.add_subcommand("list", "list the built-in structures");

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // --help and --version end with 0; every usage error with 2, as documented.
    int printed = app.exit(e);
    return printed == 0 ? 0 : 2;
  }
  if (run->parsed()) return run_command(run_shape, config, show_trace);
  if (replay->parsed()) {
    if (token.starts_with("s1:")) return replay_command(replay_shape, token);
    return lineup::cli::replay_file(token);
  }
  if (report->parsed()) return lineup::cli::report_html(report_path, report_out);
  if (shrink->parsed()) return lineup::cli::shrink_file(shrink_path);
  if (corpus_list->parsed()) return lineup::cli::corpus_list(corpus_dir);
  if (corpus_check->parsed()) return lineup::cli::corpus_check(corpus_dir, check_executions);
  if (merge_commands.parsed()) return merge_commands.run();
  hunt_options.model_spec = spec == "model";
  if (!shard.empty()) {
    std::string error;
    std::optional<lineup::Shard> s = lineup::parse_shard(shard, std::getenv, &error);
    if (!s) {
      std::fprintf(stderr, "lineup: bad --shard '%s' (%s)\n", shard.c_str(), error.c_str());
      return 2;
    }
    if (s->source != "--shard") {  // said even with --quiet: batch logs show it
      std::fprintf(stderr, "lineup: shard %lu/%lu from %s\n", static_cast<unsigned long>(s->index),
                   static_cast<unsigned long>(s->count), s->source.c_str());
    }
    hunt_options.shard_index = s->index;
    hunt_options.shard_count = s->count;
  }
  archive.per_program = per_program;
  if (hunt->parsed()) return hunt_command(structure, hunt_options, budget, check, json, archive);
  if (list->parsed()) {
    std::printf("%-30s %-11s %-20s %s\n", "STRUCTURE", "KIND", "ORIGIN", "DESCRIPTION");
    for (const auto& t : lineup::specs::registered_targets()) {
      std::printf("%-30s %-11s %-20s %s\n", t.name.c_str(), t.model->name().c_str(),
                  t.origin.c_str(), t.description.c_str());
    }
    std::printf("\nbuilt-in programs for `lineup run`:\n");
    for (const auto& s : lineup::smoke::smoke_structures()) {
      std::printf("%-14s %s\n", s.name.c_str(), s.description.c_str());
    }
  }
  return 0;
}
