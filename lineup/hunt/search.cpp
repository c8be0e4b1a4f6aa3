#include "lineup/hunt/search.h"

#include <chrono>

#include "checker/call_text.h"
#include "checker/judge.h"
#include "checker/phase1.h"
#include "engine/memory/class_fingerprint.h"
#include "engine/memory/execution_graph.h"
#include "engine/memory/happens_before.h"
#include "engine/strategy/factory.h"
#include "engine/strategy/replay.h"
#include "engine/trace_printer.h"
#include "lineup/hunt/cheap_clocks.h"
#include "lineup/hunt/fingerprint_set.h"
#include "lineup/hunt/judged_classes.h"
#include "lineup/hunt/preemptions.h"
#include "lineup/hunt/report_hints.h"
#include "lineup/hunt/schedule_memo.h"
#include "lineup/hunt/sealing.h"

namespace lineup::hunt {
namespace {

std::string header(const specs::Target& target, const specs::TestProgram& program, uint64_t index) {
  return target.name + ", program " + std::to_string(index) + ": " +
         program.describe(*target.model) + "\n";
}

// The serial outcomes when the spec is phase 1; a violation when phase 1 itself fails.
std::optional<Violation> prepare_spec(engine::Engine& engine, const specs::Target& target,
                                      const specs::TestProgram& program, uint64_t index,
                                      const HuntOptions& options, checker::SerialOutcomes* serial) {
  if (options.replay.model_spec) return std::nullopt;
  *serial = checker::serial_outcomes(engine, target, program);
  if (serial->failure.empty()) return std::nullopt;
  Violation v;
  v.program = program;
  v.program_index = index;
  v.kind = serial->nondeterministic ? ViolationKind::kNondeterministicSerially
                                    : ViolationKind::kNotSerializable;
  v.report = header(target, program, index) +
             (serial->nondeterministic
                  ? serial->failure
                  : "running its calls one at a time fails: " + serial->failure + "\n");
  return v;
}

// The violation an execution shows that failed, or that `judge` has just refused.
Violation violation(const engine::ExecutionResult& r, engine::Engine& engine,
                    const engine::Program& p, const specs::Target& target,
                    const specs::TestProgram& program, uint64_t index,
                    const std::vector<int>& results, checker::ProgramJudge& judge) {
  ViolationKind kind = ViolationKind::kNotLinearizable;
  std::string why;
  if (r.failed()) {
    kind = violation_kind(r.outcome);
    why = r.message;
    std::string prefix = std::string(to_string(kind)) + ": ";
    if (why.starts_with(prefix)) why.erase(0, prefix.size());  // said once is enough
  } else {
    why = judge.why_not(results, r.trace);
    if (judge.refused_for_synchronization()) kind = ViolationKind::kMissingSynchronization;
  }
  Violation v;
  v.detected = std::chrono::steady_clock::now();
  v.program = program;
  v.program_index = index;
  v.schedule = r.schedule;
  v.kind = kind;
  v.results = results;
  v.steps = r.trace.steps.size();
  v.preemptions = static_cast<int>(r.preempted_pcs.size());
  v.signature = preemption_signature(r.preempted_pcs);
  v.thread_pointer_per_thread = engine.options().thread_pointer_per_thread;
  v.report = header(target, program, index) +
             (r.failed() ? "" : checker::describe_calls(*target.model, program, results)) +
             to_string(kind) + ": " + why + (why.ends_with('\n') ? "" : "\n") + "schedule " +
             r.schedule.to_token() + "\n" + engine::format_trace(r, p, engine);
  if (kind == ViolationKind::kNotLinearizable) {
    v.report += report_hints(r, program, *target.model, !engine.options().schedule_plain_accesses);
  }
  return v;
}

}  // namespace

std::unique_ptr<engine::Engine> make_engine(const specs::Target& target, const HuntOptions& options,
                                            int max_threads) {
  engine::EngineOptions eo = options.replay.engine_options(target);
  eo.cut_retry_rounds =
      options.search.cut_retry_rounds && options.search.strategy == engine::StrategyKind::kDpor;
  auto engine = std::make_unique<engine::Engine>(eo);
  if (target.prepare_engine != nullptr) target.prepare_engine(*engine, max_threads);
  return engine;
}

namespace {

// The strategy that searches program `index` of a hunt; throws std::invalid_argument when
// the options do not go together.
std::unique_ptr<engine::Strategy> program_strategy(const HuntOptions& options, uint64_t index) {
  engine::StrategyConfig config;
  config.kind = options.search.strategy;
  config.bound = options.search.bound;
  config.seed = options.seed + index;
  config.executions = options.search.executions_per_program;
  config.pct_depth = options.search.pct_depth;
  config.stale_bound = options.search.stale_bound;
  config.memory_model = options.replay.memory_model;
  config.sleep_sets = options.search.sleep_sets;
  std::string error =
      engine::refuse_memory_model(options.search.strategy, options.replay.memory_model);
  if (!error.empty()) throw std::invalid_argument(error);
  auto strategy = engine::make_strategy(config, &error);
  if (!strategy) throw std::invalid_argument(error);
  return strategy;
}

// The class of each execution of one program (its fingerprint). CB-DPOR and DPOR computed
// the relation already, to find races. Otherwise a schedule run before gives the class it gave
// then (ScheduleMemo), and a new one's class comes from its trace: the relation is built while
// most executions get judged (most are of new classes), with only its clocks and the class
// (the steps per location are for finding races); once most are of classes judged already,
// only the class is computed (ClassFingerprint: the same value, cheaper), and the judge builds
// the relation for the few it judges. In c11 mode the class is the execution graph (reads-from,
// modification order, the order of each lock's steps: execution_graph.h), which the
// interleaving does not fix; a schedule without memory-model choices is remembered as well.
class ExecutionClasses {
 public:
  ExecutionClasses(int threads, bool graphs)
      : threads_(threads), graphs_(graphs), schedules_(threads) {}

  /// The class of `r`. `relation` is the strategy's relation (or nullptr) and becomes the one
  /// built here, if one is (when `build_relation`); `*seen` tells whether this schedule ran
  /// before in the program.
  uint64_t of(const engine::ExecutionResult& r, const engine::HappensBefore*& relation,
              bool build_relation, bool* seen) {
    *seen = false;
    if (relation != nullptr && !graphs_) return relation->fingerprint();
    const std::optional<ScheduleMemo::Key> key = schedules_.key(r.schedule);
    if (!key) return from_trace(r, relation, build_relation);
    if (const std::optional<uint64_t> known = schedules_.find(*key)) {
      *seen = true;  // the same execution, so the same class
      return *known;
    }
    const uint64_t fingerprint = from_trace(r, relation, build_relation);
    schedules_.add(*key, fingerprint);
    return fingerprint;
  }

 private:
  uint64_t from_trace(const engine::ExecutionResult& r, const engine::HappensBefore*& relation,
                      bool build_relation) {
    if (graphs_) return engine::graph_fingerprint(r.trace);
    if (!build_relation) return class_of_.of(r.trace.steps);
    hb_.reset(threads_, engine::HappensBefore::Kept::kClocksAndClass);
    for (const engine::Transition& t : r.trace.steps) hb_.add(t);
    relation = &hb_;
    return hb_.fingerprint();
  }

  int threads_;
  bool graphs_;
  ScheduleMemo schedules_;
  engine::HappensBefore hb_;
  engine::ClassFingerprint class_of_;
};

}  // namespace

ProgramSearch ProgramSearcher::search(const specs::TestProgram& program, uint64_t index,
                                      const HuntOptions& options) {
  const bool own_pointers = engine_.options().thread_pointer_per_thread;
  const uint64_t classes = hooks_.classes_reached != nullptr ? *hooks_.classes_reached : 0;
  ProgramSearch out = search_once(program, index, options);
  if (own_pointers || !engine_.options().thread_pointer_per_thread) return out;
  // Only the search in the new mode counts, classes included.
  if (hooks_.classes_reached != nullptr) *hooks_.classes_reached = classes;
  out = search_once(program, index, options);
  out.thread_pointer_switched = true;
  return out;
}

ProgramSearch ProgramSearcher::search_once(const specs::TestProgram& program, uint64_t index,
                                           const HuntOptions& options) {
  using Clock = std::chrono::steady_clock;
  auto seconds_since = [](Clock::time_point t) {
    return std::chrono::duration<double>(Clock::now() - t).count();
  };
  ProgramSearch out;
  // Asked before the first execution too: a caller past its deadline (shrinking, a witness
  // search) must not wait for one more execution, which may take the hang timeout.
  if (hooks_.stop && hooks_.stop()) return out;
  checker::SerialOutcomes serial;
  auto phase1 = Clock::now();
  out.violation = prepare_spec(engine_, target_, program, index, options, &serial);
  out.checker_seconds += seconds_since(phase1);
  if (out.violation) return out;
  // With sealed functions, executions that preempt inside them are out of scope; equivalent
  // executions may do so, so each execution is judged on its own real-time order.
  const bool by_class = options.replay.judges_classes() && options.sealed.empty();
  checker::ProgramJudge judge(target_, program, options.replay.model_spec ? nullptr : &serial,
                              by_class, hooks_.moves);
  JudgedClasses judged_classes;
  std::vector<int> results(program.results_size(), 0);
  engine::Program p = target_.instantiate(program, &results);
  std::unique_ptr<engine::Strategy> strategy = program_strategy(options, index);
  SealingStrategy sealing(*strategy, options.sealed);
  engine::Strategy& unwrapped = options.sealed.empty() ? *strategy : sealing;
  engine::Strategy& chosen = hooks_.wrap ? hooks_.wrap(unwrapped) : unwrapped;
  uint64_t judged = 0;  // executions judged so far
  ExecutionClasses execution_classes(static_cast<int>(program.threads.size()),
                                     options.replay.memory_model == engine::MemoryModel::kC11);
  // The classes reached in this program: those judged by class, and program_classes, the
  // others (a class is kept once, in one of the two: a verification keeps tens of millions).
  // The hunt's count of distinct classes is the sum over its programs: classes of different
  // programs are different.
  FingerprintSet program_classes(4096);
  IntervalTimer judging;
  uint64_t explored = 0;
  // Each part of a portfolio may run the cap (see Strategy::parts).
  const uint64_t cap =
      options.search.executions_per_program * static_cast<uint64_t>(strategy->parts());
  engine_.explore(p, chosen, [&](const engine::ExecutionResult& r) {
    ++explored;
    out.spin_blocks += r.spin_blocks;
    out.stale_spin_cuts += r.stale_spin_cuts;
    out.forced_timeouts += r.forced_timeouts;
    out.late_stack_publications += r.late_stack_publications;
    out.suppressed_races += r.suppressed_races;
    // The engine changed mode: the strategy's exploration so far is void (search starts over).
    if (r.thread_pointer_switched) return false;
    if (r.outcome == engine::Outcome::kAbandoned) {
      if (r.inconsistent) {
        ++out.inconsistent;
      } else if (r.retry_cut_loop.empty()) {
        ++out.abandoned;
      } else {
        ++out.retry_cuts;
        out.cut_loops.insert(r.retry_cut_loop);
      }
      return explored < cap;
    }
    if (hooks_.owns && !hooks_.owns(r)) {
      ++out.foreign;
      return explored < cap && !(hooks_.stop && hooks_.stop());
    }
    ++out.executions;
    // CB-DPOR and DPOR computed the relation already, to find races.
    const engine::HappensBefore* relation = chosen.happens_before();
    if (relation != nullptr && (relation->size() != r.trace.steps.size() ||
                                relation->threads() != static_cast<int>(program.threads.size()))) {
      relation = nullptr;
    }
    bool class_seen = false;  // the same execution ran before: its class is counted
    const uint64_t fingerprint =
        execution_classes.of(r, relation, 2 * judged > out.executions, &class_seen);
    std::optional<Violation> verdict;
    // Only when the threads read no clock does the class determine the results (see
    // virtual_clock.h); otherwise each execution is judged on its own.
    const bool class_verdict = by_class && !r.failed() && r.clock_readings == 0;
    bool entered = false;  // the class is new to judged_classes
    if (!class_verdict || !judged_classes.known_linearizable(fingerprint, &entered)) {
      // Timed only here: an execution of a class already judged linearizable (most of them,
      // for random and PCT) costs one lookup, less than reading the clock twice.
      judging.start();
      ++judged;
      const bool passed = !r.failed() && judge.passes(results, r.trace, relation);
      if (!passed) verdict = violation(r, engine_, p, target_, program, index, results, judge);
      judging.stop();
      if (!passed && class_verdict) judged_classes.failed(fingerprint);
    }
    if (hooks_.classes_reached != nullptr && !class_seen) {
      const bool new_class = class_verdict ? entered && !program_classes.contains(fingerprint)
                                           : !judged_classes.contains(fingerprint) &&
                                                 program_classes.insert(fingerprint);
      if (new_class) ++*hooks_.classes_reached;
    }
    if (hooks_.after_execution) hooks_.after_execution();
    if (auto v = std::move(verdict)) {
      bool go_on = hooks_.more && hooks_.more(*v);
      if (!out.violation) {
        out.violation = std::move(v);
        out.violation_execution = out.executions;
      }
      if (!go_on) return false;
    }
    return explored < cap && !(hooks_.stop && hooks_.stop());
  });
  out.checker_seconds += judging.seconds();
  out.undetermined = judge.undetermined();
  // Hitting the cap matters only if the strategy had more to explore (random and PCT are
  // given exactly the cap as their number of executions).
  if (!out.violation && explored >= cap) {
    out.capped = strategy->begin_execution();
  }
  // A violation stops the search midway: the bound it was working on says nothing then.
  if (!out.violation) {
    const engine::Coverage coverage = strategy->coverage();
    out.bound_completed = coverage.bound_completed;
    out.may_miss_classes = coverage.may_miss_classes;
  }
  return out;
}

std::optional<Violation> concrete_witness(engine::Engine& engine, const specs::Target& target,
                                          const Violation& found, const HuntOptions& options,
                                          const std::function<bool()>& stop) {
  if (found.kind != ViolationKind::kNotLinearizable || !options.replay.judges_classes() ||
      !options.sealed.empty()) {
    return std::nullopt;
  }
  HuntOptions classic = options;
  classic.replay.dependency_aware = false;
  classic.search.strategy = engine::StrategyKind::kCbDpor;
  SearchHooks hooks;
  hooks.stop = stop;
  ProgramSearch s = ProgramSearcher(engine, target, std::move(hooks))
                        .search(found.program, found.program_index, classic);
  if (s.violation && s.violation->kind == found.kind) return s.violation;
  return std::nullopt;
}

namespace {

// One replay of `schedule`, phase 1 included when the spec is serial.
std::optional<Violation> replay_once(engine::Engine& engine, const specs::Target& target,
                                     const specs::TestProgram& program,
                                     const engine::Schedule& schedule, const HuntOptions& options) {
  checker::SerialOutcomes serial;
  if (auto v = prepare_spec(engine, target, program, 0, options, &serial)) return v;
  checker::ProgramJudge judge(target, program, options.replay.model_spec ? nullptr : &serial,
                              options.replay.judges_classes());
  std::vector<int> results(program.results_size(), 0);
  engine::Program p = target.instantiate(program, &results);
  engine::ReplayStrategy replay(schedule);
  const engine::ExecutionResult& r = engine.run(p, replay);
  if (!r.failed() && judge.passes(results, r.trace, nullptr)) return std::nullopt;
  return violation(r, engine, p, target, program, 0, results, judge);
}

}  // namespace

std::optional<Violation> replay_schedule(engine::Engine& engine, const specs::Target& target,
                                         const specs::TestProgram& program,
                                         const engine::Schedule& schedule,
                                         const HuntOptions& options) {
  const bool own_pointers = engine.options().thread_pointer_per_thread;
  std::optional<Violation> v = replay_once(engine, target, program, schedule, options);
  if (own_pointers || !engine.options().thread_pointer_per_thread) return v;
  // The engine switched to a thread pointer per logical thread: from the start again in that
  // mode, as a hunt restarts the program (ProgramSearcher::search).
  return replay_once(engine, target, program, schedule, options);
}

}  // namespace lineup::hunt
