// The hunt: random test programs for a structure, each explored under a strategy, every
// execution checked for linearizability against the structure's model, until the budget
// ends or a violation is found.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "engine/options.h"
#include "engine/schedule.h"
#include "engine/strategy/factory.h"
#include "generator/client.h"
#include "generator/shape.h"
#include "lineup/hunt/violation_kind.h"
#include "specs/structure.h"

namespace lineup::hunt {

/// What a schedule's replay and its verdict depend on, besides the structure, the program and
/// the schedule: which accesses are scheduling points, the memory model, and the check. Every
/// counterexample keeps these, written and read by one serializer (lineup/hunt/case_json.*,
/// write_replay_settings and read_replay_settings), so that a replay runs
/// as the hunt ran. A field added here must be added there:
/// tests/lineup/corpus/counterexample_test.cpp's generator of settings does not compile until
/// it names the field, and its round trip fails until the serializer writes and reads it.
struct ReplaySettings {
  /// Scheduling points only at atomic and lock operations (EngineOptions::schedule_plain_accesses
  /// off).
  bool atomics_only = false;
  /// A thread pointer per logical thread (EngineOptions::thread_pointer_per_thread) for every
  /// structure, as for those that declare they need one.
  bool thread_pointer_per_thread = false;
  /// Every plain access to a thread's own stack is a step, even before a pointer into the
  /// stack is published (EngineOptions::private_stack_steps; counterexamples of format 1).
  bool private_stack_steps = false;
  /// c11 mode: rmws read the newest store only (EngineOptions::latest_rmws; counterexamples of
  /// format 1 and 2).
  bool latest_rmws = false;
  /// c11 mode: seq_cst events ordered by RC11's psc, executions it forbids dropped
  /// (EngineOptions::rc11_seq_cst); `--psc` of hunt and verify sets it (counterexamples of
  /// format 4).
  bool rc11_seq_cst = false;
  /// sc (the default) or c11 (engine/memory/weak_memory.h). In c11 mode the systematic search is
  /// dfs (the portfolio's part, or alone), and every execution is judged by the classic check: the
  /// dependency-aware check derives its order from the trace as an interleaving, which a stale read
  /// is not.
  engine::MemoryModel memory_model = engine::MemoryModel::kSc;
  /// c11 mode: plain accesses unordered by happens-before are violations ("data race").
  bool report_data_races = true;
  /// c11 mode: known races to go past, counted (engine::EngineOptions::race_suppressions).
  std::vector<std::string> race_suppressions;
  /// Whether executions are judged by their dependency classes (the dependency-aware check);
  /// false: classic Line-Up on each interleaving.
  bool dependency_aware = true;
  /// false: the correct outcomes are the implementation's own serial outcomes (Line-Up's
  /// phase 1) instead of the sequential model's.
  bool model_spec = true;

  /// Whether executions are judged by their dependency classes (the dependency-aware check).
  bool judges_classes() const {
    return dependency_aware && memory_model == engine::MemoryModel::kSc;
  }
  /// The engine's options for these settings and `target` (which may ask for a thread
  /// pointer per thread).
  engine::EngineOptions engine_options(const specs::Target& target) const;
  bool operator==(const ReplaySettings&) const = default;
};

/// How each program is searched: the strategy and its bounds.
struct SearchSettings {
  // CB-DPOR's coverage (dfs's in c11 mode) with POS's reach beyond the bound
  // (strategy/portfolio.h).
  engine::StrategyKind strategy = engine::StrategyKind::kPortfolio;
  int bound = 2;      // preemption bound for cbdpor/icb/gambit/portfolio/dfs (-1: unbounded)
  int pct_depth = 3;  // pct: bug depth d (d-1 priority change points)
  /// portfolio and dfs in c11 mode: most stale reads (and out-of-order store placements) per
  /// execution (-1: no bound). 2 by default: the most with which dfs completes bound 1 on the
  /// first five 3x3 programs of boost/queue within the cap (with 3, four of them hit it;
  /// without a bound, all five stop at bound 0).
  int stale_bound = 2;
  // Cap, so one program cannot eat the budget; the portfolio's two parts have one each.
  uint64_t executions_per_program = 20000;
  /// dpor in SC mode: drop executions in which a thread went round a retry loop that the
  /// compiler plugin marked without effect (engine::EngineOptions::cut_retry_rounds). Other
  /// strategies ignore it: under a preemption bound the execution without the round need not
  /// be within the bound.
  bool cut_retry_rounds = false;
  /// dfs with bound and stale_bound -1: keep sleep sets (engine/strategy/dfs.h), exploring
  /// fewer executions of the same execution graphs; the c11 verification's search.
  bool sleep_sets = false;
};

/// Which programs of the hunt's sequence this hunt takes (--shard, and --jobs workers).
struct ShardSettings {
  /// Programs index, index + count, index + 2 * count, ... of the sequence ...
  uint64_t index = 0, count = 1;
  /// ... leaving out the first this many of them (a worker restarted after the program that
  /// killed its predecessor).
  uint64_t skip_programs = 0;
};

/// A hunt's options: how programs are drawn, how each is searched (SearchSettings), what a
/// replay needs (ReplaySettings: scheduling points, memory model, check), which programs this
/// hunt takes (ShardSettings), and when it stops.
struct HuntOptions {
  SearchSettings search;
  ReplaySettings replay;
  ShardSettings shard;
  /// Record (executions, distinct classes) in HuntResult::curve every this many executions
  /// (0: never).
  uint64_t curve_every = 0;
  double budget_seconds = 30;
  /// When the hunt ends, in seconds of the coarse monotonic clock (cheap_clocks.h), which every
  /// process of the machine shares: the workers of a hunt end together however late they
  /// started. 0: budget_seconds after the hunt starts. A stop request (interruption.h) ends it
  /// sooner.
  double deadline = 0;
  int threads = 3, calls = 3;
  int init = 0;  // sequential prefix of up to this many calls before the threads start
  uint64_t seed = 1;
  uint64_t max_programs = 0;  // stop after this many programs (0: budget only)
  /// Functions in which no preemption happens (see lineup/hunt/sealing.h).
  std::vector<std::string> sealed;
  /// Stop after this many distinct violations (0: only the budget ends the hunt). After each
  /// one, the functions its schedule preempts in are sealed and the hunt goes on, so a later
  /// violation is a different bug (Ball et al. 2009).
  uint64_t max_violations = 1;
  /// Every other program is not drawn afresh but mutated (generator::mutate) from one of the
  /// four programs that reached the most new distinct classes so far in this hunt (in this
  /// worker, with --jobs).
  bool bias_classes = false;
  /// Why the hunt cannot see every access of the code under test (memory accesses no hook
  /// reports, hidden_accesses.h, allowed with --allow-hidden-accesses), "" when it can. When
  /// set, no bound is claimed as covered (coverage.h) and every violation is qualified.
  std::string unseen_accesses;
  /// Every program is one of this client's (its calls, with the arguments it leaves out drawn)
  /// instead of a random program of shape(); threads, calls, init and bias_classes are then
  /// not used. A program that repeats one at an earlier index of the hunt's sequence is
  /// searched by sampling (repeats.h), and a client that leaves no argument out ends the hunt
  /// once its program is explored exhaustively.
  std::optional<generator::Client> client;
  generator::Shape shape() const;
  /// The most threads a program of this hunt of `target` has.
  int program_threads(const specs::Target& target) const;
};

/// What a client may hold (HuntOptions::client): as many threads as the engine runs
/// (engine::kMaxThreads) and calls as the checker judges (checker::kMaxCalls).
generator::ClientLimits client_limits();

/// What a failure is, wherever it is kept: the program, the schedule that shows it, what it
/// shows. A Violation (as the hunt finds it) and a Counterexample (as a file keeps it) are
/// each a FailingCase and what only they know.
struct FailingCase {
  specs::TestProgram program;
  uint64_t program_index = 0;  // in the hunt's sequence of programs
  engine::Schedule schedule;
  ViolationKind kind = ViolationKind::kNotLinearizable;
  std::vector<int> results;  // what the calls returned (layout of TestProgram::results_size)
  int preemptions = 0;       // in `schedule`
  /// Functions the schedule preempts in, sorted (the root-cause signature of Ball et al. 2009).
  std::vector<std::string> signature;
  /// Functions sealed when it was found (bugs found before it, and --seal); shrinking and
  /// re-searching keep them sealed.
  std::vector<std::string> sealed;
};

/// A violation: the failing case, when the hunt found it, and a readable report.
struct Violation : FailingCase {
  size_t steps = 0;  // length of `schedule`
  /// Seconds from the start of the hunt, and executions, until the failing execution ended
  /// (before its report was written).
  double found_after_seconds = 0;
  uint64_t found_after_executions = 0;
  /// When the failing execution was judged.
  std::chrono::steady_clock::time_point detected;
  std::string report;  // calls with results, why, and the trace with file:line
  /// Found with a thread pointer per logical thread: asked for, or switched to when a
  /// thread-local's address reached shared memory (EngineOptions::thread_pointer_on_escape).
  /// Its replay needs that mode (corpus::to_counterexample records it).
  bool thread_pointer_per_thread = false;
};

/// Per program of a hunt: its executions and the distinct classes among them.
struct ProgramCounts {
  uint64_t index = 0, executions = 0, classes = 0;
};

struct HuntResult {
  uint64_t programs = 0, executions = 0, distinct_classes = 0;
  double seconds = 0;
  /// Where the time went: generating programs and building their engine programs, and
  /// checking (phase 1 and linearizability); the rest is the engine's.
  double setup_seconds = 0, checker_seconds = 0;
  std::vector<ProgramCounts> per_program;
  std::vector<std::pair<uint64_t, uint64_t>> curve;  // (executions, distinct classes)
  int bound_completed = -1;  // lowest bound every finished program completed (-1: none;
                             // INT_MAX: every one was explored exhaustively)
  /// Coverage given up: programs stopped by --executions with executions left, executions
  /// the strategy abandoned as redundant, and the engine's spin blocks and forced timeouts
  /// (ExecutionResult::spin_blocks, forced_timeouts) over all executions.
  uint64_t programs_capped = 0, abandoned = 0, spin_blocks = 0, forced_timeouts = 0;
  /// c11 mode: spin loops let on to the newest stores after stale rounds
  /// (ExecutionResult::stale_spin_cuts), over all executions: read choices of their further
  /// rounds were not explored.
  uint64_t stale_spin_cuts = 0;
  /// Stacks reached through a pointer no hook saw (ExecutionResult::late_stack_publications),
  /// over all executions: interleavings before each may be missed.
  uint64_t late_stack_publications = 0;
  /// Programs whose optimal DPOR search may have missed equivalence classes
  /// (ProgramSearch::may_miss_classes, engine::Coverage::may_miss_classes): no bound is
  /// claimed while there is one.
  uint64_t programs_missing_classes = 0;
  /// c11 mode: data races ReplaySettings::race_suppressions let pass, over all executions.
  uint64_t suppressed_races = 0;
  /// Executions whose linearizability check gave up (ProgramSearch::undetermined): neither
  /// found linearizable nor reported, so no bound is claimed.
  uint64_t undetermined = 0;
  /// Programs searched again from the start because the engine switched to a thread pointer
  /// per logical thread (a thread-local's address reached shared memory): at most one per
  /// engine, so at most one per --jobs worker.
  uint64_t thread_pointer_switches = 0;
  /// Programs that repeat one at an earlier index of the hunt's sequence (counted only with a
  /// client, HuntOptions::client), each searched by sampling instead of systematically again
  /// (repeats.h); no bound is counted for them, their program's first search counts. The
  /// program after a violation is searched systematically (its bug's functions are sealed
  /// since) and not counted.
  uint64_t programs_repeated = 0;
  /// The hunt ended before its budget because its client leaves no argument out and its one
  /// program was explored exhaustively: nothing is left to run.
  bool client_exhausted = false;
  /// --jobs: violations dropped when merging as already found by another worker.
  uint64_t duplicates_dropped = 0;
  /// Violations dropped after shrinking as the same bug as an earlier one of the hunt
  /// (corpus::same_bug: they shrank to the same program and schedule).
  uint64_t same_bugs_dropped = 0;
  /// --jobs: workers killed when they had not reported by the end of their grace after the
  /// deadline or a stop request; the programs they were hunting are not counted.
  uint64_t workers_stopped = 0;
  std::vector<Violation> violations;
  /// lineup's own failures that the hunt went on after (a worker process that died), each
  /// naming the program it was hunting.
  std::vector<std::string> internal_errors;
};

/// How long after its deadline a hunt may still search for the concrete witness of a
/// violation it found (search.h, concrete_witness).
constexpr double kWitnessGraceSeconds = 2;

/// How long after the deadline the workers of a hunt (parallel.h) may take to report before
/// they are killed: long enough for the engine's hang timeout (EngineOptions::hang_timeout_ms,
/// 5 s) to end an execution in flight.
constexpr double kDeadlineGraceSeconds = 6;

/// How long after a stop request (interruption.h) the workers may take to report.
constexpr double kInterruptGraceSeconds = 2;

/// The systematic strategy that re-searches a program (shrinking, corpus checks): CB-DPOR in
/// SC mode, dfs in c11 mode.
engine::StrategyKind systematic_strategy(engine::MemoryModel model);

/// Hunts until the deadline (HuntOptions::deadline, or the budget), a stop request
/// (interruption.h), options.max_violations violations, or options.max_programs programs.
/// `progress` (optional) is called after every program.
HuntResult hunt(const specs::Target& target, const HuntOptions& options,
                const std::function<void(const HuntResult&)>& progress = {});

}  // namespace lineup::hunt
