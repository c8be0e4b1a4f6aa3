// One program, explored: the strategy's executions of a test program, each judged, until the
// strategy is done, a cap or deadline is reached, or a violation is found. Also one schedule
// of a program, replayed and judged (corpus replay, shrinking).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "checker/shortcuts/model_moves.h"
#include "engine/engine.h"
#include "lineup/hunt/hunt.h"

namespace lineup::hunt {

/// Makes an engine for `target` with `options`' scheduling points, prepared for programs of
/// up to `max_threads` threads.
std::unique_ptr<engine::Engine> make_engine(const specs::Target& target, const HuntOptions& options,
                                            int max_threads);

struct ProgramSearch {
  uint64_t executions = 0;
  double checker_seconds = 0;     // in linearizability checks (phase 2) and phase 1
  bool may_miss_classes = false;  // engine::Coverage::may_miss_classes
  int bound_completed = -1;       // every execution with this many preemptions covered (see
                                  // engine::Coverage); -1 after a violation
  bool capped = false;            // stopped at --executions with executions left to explore
  uint64_t abandoned = 0;         // executions the strategy abandoned as redundant
  /// c11 mode with ReplaySettings::rc11_seq_cst: executions RC11's psc forbids, dropped
  /// (engine::ExecutionResult::inconsistent).
  uint64_t inconsistent = 0;
  /// Executions dropped at a retry round that changed nothing (SearchSettings::
  /// cut_retry_rounds), and the marked loops ("file:line:col") where they were.
  uint64_t retry_cuts = 0;
  std::set<std::string> cut_loops;
  uint64_t foreign = 0;  // executions SearchHooks::owns left to another search
  uint64_t spin_blocks = 0, forced_timeouts = 0;  // summed ExecutionResult counts
  uint64_t stale_spin_cuts = 0;                   // summed ExecutionResult counts
  uint64_t late_stack_publications = 0;           // summed ExecutionResult counts
  uint64_t suppressed_races = 0;                  // summed ExecutionResult counts
  /// Executions whose check gave up without a failing interleaving (ProgramJudge::
  /// undetermined()): let pass, and no violation claimed for them.
  uint64_t undetermined = 0;
  /// A thread-local's address reached shared memory: the engine switched to a thread pointer
  /// per logical thread (EngineOptions::thread_pointer_on_escape) and the program was searched
  /// again from the start; the counts are those of the second search.
  bool thread_pointer_switched = false;
  std::optional<Violation> violation;
  uint64_t violation_execution = 0;  // how many executions it took to find `violation`
};

/// What a caller may add to the search of a program; every part is optional.
struct SearchHooks {
  /// Stops the search early when it returns true (asked before the first execution and after
  /// every execution).
  std::function<bool()> stop;
  /// Incremented as each class (of happens-before) is first reached in the program.
  uint64_t* classes_reached = nullptr;
  /// Absent: the search stops at the first violation. Given: every violation is passed to it,
  /// and the search goes on while it returns true (ProgramSearch::violation keeps the first).
  std::function<bool(const Violation&)> more;
  /// Called after every execution that is not abandoned.
  std::function<void()> after_execution;
  /// The target model's moves, kept by the caller from program to program (nullptr: none
  /// kept; the caller must not limit() them during a search).
  checker::ModelMoves* moves = nullptr;
  /// Given: the strategy each exploration uses is the one it returns for the strategy the
  /// options make (a wrapper that watches or restricts its decisions, which must outlive the
  /// exploration); asked again when a program is explored again from the start.
  std::function<engine::Strategy&(engine::Strategy&)> wrap;
  /// Given: an execution it returns false for belongs to another search (a part of a split
  /// verification, prefix_split.h): neither judged nor counted, its class included
  /// (ProgramSearch::foreign counts them).
  std::function<bool(const engine::ExecutionResult&)> owns;
};

/// Searches programs of one target on one engine: each program's executions under a strategy,
/// each judged, until the strategy is done, a cap or a hook stops it, or a violation is found.
class ProgramSearcher {
 public:
  ProgramSearcher(engine::Engine& engine, const specs::Target& target, SearchHooks hooks = {})
      : engine_(engine), target_(target), hooks_(std::move(hooks)) {}

  /// Explores `program` (the `index`-th of its hunt) under `options` (strategy, bound, cap,
  /// replay settings, sealed functions). If the engine switches to a thread pointer per
  /// logical thread meanwhile, the program is explored again from the start in that mode, so
  /// that no verdict rests on the executions before.
  ProgramSearch search(const specs::TestProgram& program, uint64_t index,
                       const HuntOptions& options);

 private:
  /// One exploration of `program`, up to a switch of the engine's thread pointers.
  ProgramSearch search_once(const specs::TestProgram& program, uint64_t index,
                            const HuntOptions& options);

  engine::Engine& engine_;
  const specs::Target& target_;
  SearchHooks hooks_;
};

/// A violation the dependency-aware check finds may show in an execution whose calls do not
/// overlap in real time (an equivalent one fails). Its concrete witness: an execution of the
/// same program that fails classic Line-Up itself, with the fewest preemptions (CB-DPOR up to
/// options.search.bound) — a schedule that shows the bug in real time and whose preemptions name
/// the functions involved. nullopt when `found` is not of that kind or none is found before
/// `stop` (asked before the first execution and after every one; empty: never) returns true.
std::optional<Violation> concrete_witness(engine::Engine& engine, const specs::Target& target,
                                          const Violation& found, const HuntOptions& options,
                                          const std::function<bool()>& stop = {});

/// Runs `program` once along `schedule` and judges the execution as the hunt would. nullopt
/// when the execution is fine; a divergence (the schedule does not fit the program) is
/// returned as a violation of kind "divergence" so callers can tell it from a pass.
std::optional<Violation> replay_schedule(engine::Engine& engine, const specs::Target& target,
                                         const specs::TestProgram& program,
                                         const engine::Schedule& schedule,
                                         const HuntOptions& options);

}  // namespace lineup::hunt
