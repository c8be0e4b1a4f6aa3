#include "lineup/cli/program_commands.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "adapters/smoke/smoke_programs.h"
#include "engine/engine.h"
#include "engine/memory/happens_before.h"
#include "engine/strategy/coverage.h"
#include "engine/trace_folding.h"
#include "engine/trace_printer.h"
#include "lineup/cli/corpus_commands.h"
#include "lineup/cli/program_name.h"
#include "specs/structure.h"

namespace lineup::cli {
namespace {

using engine::Engine;
using engine::ExecutionResult;
using engine::Outcome;

const smoke::SmokeStructure* find_program(const std::string& name) {
  for (const auto& s : smoke::smoke_structures()) {
    if (s.name == name) return &s;
  }
  const char* self = program_name().c_str();
  std::fprintf(stderr, "%s: unknown program '%s' (see `%s list --all`)\n", self, name.c_str(),
               self);
  return nullptr;
}

void add_shape_options(CLI::App* command, ProgramShape& shape) {
  shape.structure = smoke::smoke_structures().front().name;
  command
      ->add_option("-s,--structure", shape.structure,
                   "built-in program (see `" + program_name() + " list --all`)")
      ->capture_default_str();
  command->add_option("-t,--threads", shape.threads, "logical threads")
      ->check(CLI::Range(1, 52))
      ->capture_default_str();
  command->add_option("-c,--calls", shape.calls, "calls per thread")
      ->check(CLI::Range(1, 20))
      ->capture_default_str();
  command->add_flag("--atomics-only", shape.atomics_only,
                    "scheduling points only at atomics and locks (default: every shared access)");
}

// One line per structure, in columns as wide as their widest entry.
void print_structures(const std::vector<const specs::Target*>& targets) {
  // PROMISES: the happens-before hand-offs a structure declares (Structure::synchronizes),
  // held to them in c11 mode.
  std::vector<std::vector<std::string>> rows = {
      {"STRUCTURE", "KIND", "ORIGIN", "PROMISES", "DESCRIPTION"}};
  for (const specs::Target* t : targets) {
    const std::string promises = t->promises();
    rows.push_back(
        {t->name, t->model->kind(), t->origin, promises.empty() ? "-" : promises, t->description});
  }
  std::vector<size_t> widths(rows.front().size() - 1, 0);
  for (const auto& r : rows) {
    for (size_t c = 0; c < widths.size(); ++c) widths[c] = std::max(widths[c], r[c].size());
  }
  for (const auto& r : rows) {
    std::string line;
    for (size_t c = 0; c < widths.size(); ++c) {
      line += r[c] + std::string(widths[c] - r[c].size() + 1, ' ');
    }
    line += r.back();
    line.erase(line.find_last_not_of(' ') + 1);  // no padding after the last column
    std::printf("%s\n", line.c_str());
  }
}

engine::EngineOptions engine_options(const ProgramShape& shape) {
  engine::EngineOptions options;
  options.schedule_plain_accesses = !shape.atomics_only;
  return options;
}

}  // namespace

RunCommand::RunCommand(CLI::App& app) {
  config_.kind = engine::StrategyKind::kRandom;
  config_.executions = 10000;
  command_ = app.add_subcommand("run", "explore executions of a built-in program");
  add_shape_options(command_, shape_);
  command_->add_option("--strategy", strategy_, "search strategy")
      ->check(CLI::IsMember(engine::strategy_names()))
      ->capture_default_str();
  command_
      ->add_option("--bound", config_.bound, "preemption bound for cbdpor/icb/gambit (-1: deepen)")
      ->capture_default_str();
  command_->add_option("-n,--executions", config_.executions, "stop after this many (0: no limit)")
      ->capture_default_str();
  command_->add_option("--seed", config_.seed, "random seed (pct, random)")->capture_default_str();
  command_->add_option("--depth", config_.pct_depth, "pct: bug depth d (d-1 change points)")
      ->check(CLI::Range(1, 64))
      ->capture_default_str();
  command_->add_flag("--trace", show_trace_, "print the trace of the first failure");
}

ExitStatus RunCommand::run() {
  const smoke::SmokeStructure* structure = find_program(shape_.structure);
  if (structure == nullptr) return ExitStatus::kUsage;
  Engine engine(engine_options(shape_));
  smoke::SmokeProgram sp = structure->make(shape_.threads, shape_.calls);
  config_.kind = *engine::parse_strategy(strategy_);  // the parser checked the name
  std::string error;
  std::unique_ptr<engine::Strategy> strategy = make_strategy(config_, &error);
  if (!strategy) {
    std::fprintf(stderr, "lineup: %s\n", error.c_str());
    return ExitStatus::kUsage;
  }
  std::map<std::string, uint64_t> outcomes;
  std::set<uint64_t> classes;
  engine::HappensBefore hb;
  uint64_t steps = 0, n = 0, abandoned = 0;
  bool reported = false;
  auto more = [&] { return n < config_.executions || config_.executions == 0; };
  auto start = std::chrono::steady_clock::now();
  engine.explore(sp.program, *strategy, [&](const ExecutionResult& r) {
    ++n;
    if (r.outcome == Outcome::kAbandoned) {
      ++abandoned;
      return more();
    }
    steps += r.trace.steps.size();
    hb.reset(static_cast<int>(sp.program.threads.size()));
    for (const auto& t : r.trace.steps) hb.add(t);
    classes.insert(hb.fingerprint());
    std::string failure = r.ok() ? sp.check() : r.message;
    std::string kind =
        r.ok() ? (failure.empty() ? "completed" : "check failed") : engine::to_string(r.outcome);
    ++outcomes[kind];
    if (!failure.empty() && !reported) {
      reported = true;
      std::printf("first failure (%s): %s\nreplay: %s replay -s %s -t %d -c %d%s %s\n",
                  kind.c_str(), failure.c_str(), program_name().c_str(), shape_.structure.c_str(),
                  shape_.threads, shape_.calls, shape_.atomics_only ? " --atomics-only" : "",
                  r.schedule.to_token().c_str());
      if (show_trace_) std::fputs(format_trace(r, sp.program, engine).c_str(), stdout);
    }
    return more();
  });
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  uint64_t judged = n - abandoned;
  std::printf("%s: %d threads x %d calls, %s, strategy %s\n", structure->name.c_str(),
              shape_.threads, shape_.calls,
              shape_.atomics_only ? "atomics-only" : "all accesses scheduled", strategy_.c_str());
  std::printf("%lu executions in %.2f s (%.0f executions/s), %.1f scheduling points each\n",
              static_cast<unsigned long>(n), seconds, n / seconds,
              judged ? static_cast<double>(steps) / judged : 0.0);
  std::printf("%zu distinct equivalence classes (%.2f executions per class)\n", classes.size(),
              classes.empty() ? 0.0 : static_cast<double>(judged) / classes.size());
  std::string covered = engine::describe(strategy->coverage());
  if (!covered.empty()) std::printf("%s\n", covered.c_str());
  for (const auto& [kind, count] : outcomes) {
    std::printf("  %-18s %lu\n", kind.c_str(), static_cast<unsigned long>(count));
  }
  bool all_completed = outcomes.size() == 1 && outcomes.count("completed");
  return all_completed ? ExitStatus::kClean : ExitStatus::kViolation;
}

ReplayCommand::ReplayCommand(CLI::App& app) {
  command_ = app.add_subcommand("replay", "replay one schedule and print its trace");
  add_shape_options(command_, shape_);
  command_
      ->add_option("what", what_,
                   "a counterexample file (corpus), or a schedule token (s1:...) of a "
                   "built-in program")
      ->required();
  command_->add_flag("--full-trace", full_trace_,
                     "print every step (by default a loop repeated for many rounds is folded to "
                     "its first and last round)");
}

ExitStatus ReplayCommand::run() {
  engine::set_trace_folding(!full_trace_);
  if (!what_.starts_with("s1:")) return replay_file(what_);
  const smoke::SmokeStructure* structure = find_program(shape_.structure);
  if (structure == nullptr) return ExitStatus::kUsage;
  std::string error;
  auto schedule = engine::Schedule::from_token(what_, &error);
  if (!schedule) {
    std::fprintf(stderr, "lineup: %s\n", error.c_str());
    return ExitStatus::kUsage;
  }
  Engine engine(engine_options(shape_));
  smoke::SmokeProgram sp = structure->make(shape_.threads, shape_.calls);
  const ExecutionResult& r = engine.replay(sp.program, *schedule);
  std::fputs(format_trace(r, sp.program, engine).c_str(), stdout);
  if (!r.ok()) return ExitStatus::kViolation;
  std::string failure = sp.check();
  if (failure.empty()) return ExitStatus::kClean;
  std::printf("check failed: %s\n", failure.c_str());
  return ExitStatus::kViolation;
}

ListCommand::ListCommand(CLI::App& app) {
  command_ = app.add_subcommand(
      "list",
      "list the structures to hunt: a hunter's own, or with --all lineup's built-in ones too");
  command_->add_flag("--all", all_,
                     "also lineup's built-in structures and programs (`run`), where a hunter has "
                     "structures of its own");
}

ExitStatus ListCommand::run() {
  const std::vector<specs::Target>& targets = specs::registered_targets();
  // A hunter with structures of its own lists those; lineup itself has none and lists all.
  const bool own_only = !all_ && std::any_of(targets.begin(), targets.end(),
                                             [](const specs::Target& t) { return !t.built_in; });
  std::vector<const specs::Target*> shown;
  for (const auto& t : targets) {
    if (!own_only || !t.built_in) shown.push_back(&t);
  }
  print_structures(shown);
  if (own_only) {
    std::printf("\nlineup's built-in structures and programs: `%s list --all`\n",
                program_name().c_str());
    return ExitStatus::kClean;
  }
  std::printf("\nbuilt-in programs for `%s run`:\n", program_name().c_str());
  for (const auto& s : smoke::smoke_structures()) {
    std::printf("%-14s %s\n", s.name.c_str(), s.description.c_str());
  }
  return ExitStatus::kClean;
}

}  // namespace lineup::cli
