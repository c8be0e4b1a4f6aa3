#include "lineup/hunt/verify.h"

#include <chrono>
#include <limits>
#include <memory>

#include "lineup/hunt/cheap_clocks.h"
#include "lineup/hunt/estimating_strategy.h"
#include "lineup/hunt/interruption.h"
#include "lineup/hunt/prefix_strategy.h"
#include "lineup/hunt/tree_estimate.h"

namespace lineup::hunt {

generator::Client filled_client(const generator::Client& client, const specs::Model& model) {
  generator::Client out = client;
  int next = 1;
  auto fill = [&](generator::ClientCall& c) {
    if (model.takes_argument(c.op) && !c.arg) c.arg = next++;
  };
  for (generator::ClientCall& c : out.init) fill(c);
  for (std::vector<generator::ClientCall>& thread : out.threads) {
    for (generator::ClientCall& c : thread) fill(c);
  }
  return out;
}

specs::TestProgram client_program(const generator::Client& client, const specs::Model& model) {
  const generator::Client filled = filled_client(client, model);
  auto operation = [](const generator::ClientCall& c) {
    return specs::Operation{c.op, c.arg.value_or(0)};
  };
  specs::TestProgram program;
  for (const generator::ClientCall& c : filled.init) program.init.push_back(operation(c));
  for (const std::vector<generator::ClientCall>& thread : filled.threads) {
    std::vector<specs::Operation>& ops = program.threads.emplace_back();
    for (const generator::ClientCall& c : thread) ops.push_back(operation(c));
  }
  return program;
}

HuntOptions verify_options(const HuntOptions& options, const VerifyLimits& limits) {
  HuntOptions o = options;
  if (o.replay.memory_model == engine::MemoryModel::kC11) {
    // DPOR branches on threads only (engine::refuse_memory_model): every schedule and every
    // read and placement choice, with sleep sets; no bound, for the shrinking searches too.
    o.search.strategy = engine::StrategyKind::kDfs;
    o.search.bound = -1;
    o.search.stale_bound = -1;
    o.search.sleep_sets = true;
  } else {
    o.search.strategy = *engine::parse_strategy(kVerifyStrategy);
    // Not a bound of the search (DPOR has none): the bound of the searches that shrink a
    // counterexample.
    o.search.bound = 2;
  }
  o.search.executions_per_program =
      limits.max_executions != 0 ? limits.max_executions : std::numeric_limits<uint64_t>::max();
  o.max_violations = 1;
  o.max_programs = 1;
  o.sealed.clear();
  return o;
}

namespace {

// Adds the counts of one part's search to the sum of the parts before.
void add(ProgramSearch& sum, const ProgramSearch& part) {
  sum.executions += part.executions;
  sum.abandoned += part.abandoned;
  sum.inconsistent += part.inconsistent;
  sum.retry_cuts += part.retry_cuts;
  sum.cut_loops.insert(part.cut_loops.begin(), part.cut_loops.end());
  sum.foreign += part.foreign;
  sum.checker_seconds += part.checker_seconds;
  sum.spin_blocks += part.spin_blocks;
  sum.stale_spin_cuts += part.stale_spin_cuts;
  sum.forced_timeouts += part.forced_timeouts;
  sum.late_stack_publications += part.late_stack_publications;
  sum.suppressed_races += part.suppressed_races;
  sum.undetermined += part.undetermined;
  sum.thread_pointer_switched = sum.thread_pointer_switched || part.thread_pointer_switched;
  sum.capped = sum.capped || part.capped;
}

// The estimated executions of the parts taken when the last of them stopped short: those of
// the parts before, and its own estimate.
double estimate_taken(const VerifyResult& out, const ProgramSearch& part,
                      const TreeEstimate& estimate) {
  if (estimate.seen() == 0) return 0;
  // The estimate counts every leaf (abandoned and foreign executions too); scaled to those
  // counted.
  const double current = estimate.leaves() * static_cast<double>(part.executions) /
                         static_cast<double>(estimate.seen());
  return static_cast<double>(out.search.executions - part.executions) + current;
}

}  // namespace

VerifyResult verify_taken_parts(const specs::Target& target, const specs::TestProgram& program,
                                const HuntOptions& options, const VerifyLimits& limits,
                                const PartSource& source, const VerifyProgress& progress) {
  const auto start = std::chrono::steady_clock::now();
  HuntOptions o = verify_options(options, limits);
  std::unique_ptr<engine::Engine> engine =
      make_engine(target, o, static_cast<int>(program.threads.size()));
  VerifyResult out;
  out.completed = true;
  auto out_of_time = [&] {
    return stop_signal() != 0 || (limits.deadline > 0 && coarse_seconds() >= limits.deadline);
  };
  uint64_t explored = 0;  // executions of every kind, for --max-executions
  for (;;) {
    if (limits.max_executions != 0) {
      if (explored >= limits.max_executions) {
        if (!source.any_left()) break;  // capped with nothing left to begin: done
        out.search.capped = true;
        out.completed = false;
        out.estimated_executions = static_cast<double>(out.search.executions);
        break;
      }
      o.search.executions_per_program = limits.max_executions - explored;
    }
    const Prefix* taken = source.take();
    if (taken == nullptr) break;
    const Prefix& prefix = *taken;
    TreeEstimate estimate;
    std::unique_ptr<EstimatingStrategy> watched;
    std::unique_ptr<PrefixStrategy> confined;
    SearchHooks hooks;
    hooks.classes_reached = &out.classes;  // parts own disjoint classes: summed
    hooks.stop = out_of_time;
    uint64_t counted = 0;  // executions of this part counted so far
    if (progress) {
      hooks.after_execution = [&] { progress(out.classes, out.search.executions + ++counted); };
    }
    hooks.wrap = [&](engine::Strategy& strategy) -> engine::Strategy& {
      estimate = TreeEstimate();  // a search from the start again estimates afresh
      // Watched inside the confinement: the prefix's steps have one thread to choose from.
      watched = std::make_unique<EstimatingStrategy>(strategy, estimate);
      confined = std::make_unique<PrefixStrategy>(*watched, prefix);
      return *confined;
    };
    if (!prefix.empty()) {
      hooks.owns = [&](const engine::ExecutionResult& r) { return owns(r.trace.steps, prefix); };
    }
    const uint64_t before = out.search.executions;
    ProgramSearch part = ProgramSearcher(*engine, target, std::move(hooks)).search(program, 0, o);
    ++out.parts_searched;
    add(out.search, part);
    explored +=
        part.executions + part.abandoned + part.inconsistent + part.retry_cuts + part.foreign;
    if (part.violation) {
      out.search.violation = std::move(part.violation);
      out.search.violation_execution = before + part.violation_execution;
      out.completed = false;
      break;
    }
    // Searched to its end, but what it claims may lack classes: the other parts still run.
    out.ended_unclaimed = out.ended_unclaimed || part.may_miss_classes;
    if (part.capped || part.bound_completed != engine::Coverage::kExhaustive) {
      out.completed = false;
      out.ended_unclaimed = false;
      out.estimated_executions = estimate_taken(out, part, estimate);
      out.estimate_is_lower = estimate.unsettled() != 0;
      break;
    }
  }
  if (std::optional<Violation>& v = out.search.violation) {
    // As the hunt reports it: a schedule that fails classic Line-Up too, when one exists.
    auto witness_stop = [&] {
      return stop_signal() != 0 ||
             (limits.deadline > 0 && coarse_seconds() >= limits.deadline + kWitnessGraceSeconds);
    };
    if (auto w = concrete_witness(*engine, target, *v, o, witness_stop)) {
      w->detected = v->detected;
      v = std::move(w);
    }
    v->found_after_seconds = std::chrono::duration<double>(v->detected - start).count();
    v->found_after_executions = out.search.violation_execution;
  }
  if (out.ended_unclaimed) out.completed = false;
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return out;
}

void note_untaken_parts(VerifyResult& result, size_t parts) {
  result.parts = parts;
  if (result.parts_searched >= parts || result.search.violation) return;
  result.completed = false;
  result.ended_unclaimed = false;
  result.estimate_is_lower = true;
}

VerifyResult verify_parts(const specs::Target& target, const specs::TestProgram& program,
                          const HuntOptions& options, const VerifyLimits& limits,
                          const std::vector<Prefix>& parts, const VerifyProgress& progress) {
  size_t taken = 0;
  const PartSource source{[&]() { return taken < parts.size() ? &parts[taken++] : nullptr; },
                          [&]() { return taken < parts.size(); }};
  VerifyResult out = verify_taken_parts(target, program, options, limits, source, progress);
  note_untaken_parts(out, parts.size());
  if (parts.empty()) out.completed = false;  // nothing searched: nothing verified
  return out;
}

VerifyResult verify(const specs::Target& target, const specs::TestProgram& program,
                    const HuntOptions& options, const VerifyLimits& limits,
                    const VerifyProgress& progress) {
  return verify_parts(target, program, options, limits, {Prefix{}}, progress);
}

HuntResult as_hunt_result(const VerifyResult& v) {
  HuntResult r;
  const ProgramSearch& s = v.search;
  r.programs = 1;
  r.executions = s.executions;
  r.distinct_classes = v.classes;
  r.seconds = v.seconds;
  r.checker_seconds = s.checker_seconds;
  r.per_program.push_back({0, s.executions, v.classes});
  r.bound_completed = v.completed ? engine::Coverage::kExhaustive : -1;
  r.programs_capped = s.capped ? 1 : 0;
  r.abandoned = s.abandoned;
  r.spin_blocks = s.spin_blocks;
  r.forced_timeouts = s.forced_timeouts;
  r.late_stack_publications = s.late_stack_publications;
  r.suppressed_races = s.suppressed_races;
  r.undetermined = s.undetermined;
  r.thread_pointer_switches = s.thread_pointer_switched ? 1 : 0;
  if (s.violation) r.violations.push_back(*s.violation);
  return r;
}

}  // namespace lineup::hunt
