// The lineup command line.
//   lineup run     explore executions of a built-in program under a strategy, with outcome
//                  counts, equivalence classes and speed
//   lineup replay  one execution from a schedule token, printed as a trace
//   lineup list    the built-in structures
#include <CLI/CLI.hpp>
#include <chrono>
#include <cstdio>
#include <map>
#include <memory>
#include <set>

#include "adapters/smoke/smoke_programs.h"
#include "lineup/engine/engine.h"
#include "lineup/engine/happens_before.h"
#include "lineup/engine/strategy/factory.h"
#include "lineup/engine/trace_printer.h"

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
  std::string covered = lineup::engine::coverage(*strategy);
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
  replay->add_option("schedule", token, "schedule token (s1:...)")->required();

  CLI::App* list = app.add_subcommand("list", "list the built-in structures");

  CLI11_PARSE(app, argc, argv);
  if (run->parsed()) return run_command(run_shape, config, show_trace);
  if (replay->parsed()) return replay_command(replay_shape, token);
  if (list->parsed()) {
    for (const auto& s : lineup::smoke::smoke_structures()) {
      std::printf("%-14s %s\n", s.name.c_str(), s.description.c_str());
    }
  }
  return 0;
}
