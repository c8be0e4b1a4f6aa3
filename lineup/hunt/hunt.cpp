#include "lineup/hunt/hunt.h"

#include <algorithm>
#include <chrono>
#include <climits>
#include <set>

#include "checker/call_set.h"
#include "engine/diagnostics/symbolizer.h"
#include "engine/transition.h"
#include "generator/client_programs.h"
#include "generator/programs.h"
#include "lineup/hunt/cheap_clocks.h"
#include "lineup/hunt/coverage.h"
#include "lineup/hunt/interruption.h"
#include "lineup/hunt/repeats.h"
#include "lineup/hunt/search.h"

namespace lineup::hunt {

generator::Shape HuntOptions::shape() const { return {threads, calls, init}; }

int HuntOptions::program_threads(const specs::Target& target) const {
  if (client) return static_cast<int>(client->threads.size());
  return generator::thread_count(target, shape());
}

generator::ClientLimits client_limits() {
  return {static_cast<size_t>(engine::kMaxThreads), checker::kMaxCalls};
}

namespace {

// The counts of one program's search, added to the hunt's.
void add_counts(const ProgramSearch& s, HuntResult& result) {
  result.checker_seconds += s.checker_seconds;
  result.programs_capped += s.capped;
  result.abandoned += s.abandoned;
  result.spin_blocks += s.spin_blocks;
  result.stale_spin_cuts += s.stale_spin_cuts;
  result.forced_timeouts += s.forced_timeouts;
  result.late_stack_publications += s.late_stack_publications;
  result.programs_missing_classes += s.may_miss_classes;
  result.suppressed_races += s.suppressed_races;
  result.undetermined += s.undetermined;
  result.thread_pointer_switches += s.thread_pointer_switched;
}

// The programs of the hunt: the client's, or random ones of the options' shape.
rc::Gen<specs::TestProgram> programs(const specs::Target& target, const HuntOptions& options) {
  if (options.client) return generator::client_programs(target, *options.client);
  return generator::test_programs(target, options.shape());
}

}  // namespace

engine::EngineOptions ReplaySettings::engine_options(const specs::Target& target) const {
  engine::EngineOptions eo;
  eo.schedule_plain_accesses = !atomics_only;
  eo.private_stack_steps = private_stack_steps;
  eo.latest_rmws = latest_rmws;
  eo.rc11_seq_cst = rc11_seq_cst;
  eo.memory_model = memory_model;
  eo.report_data_races = report_data_races;
  eo.race_suppressions = race_suppressions;
  eo.thread_pointer_per_thread = target.thread_pointer_per_thread || thread_pointer_per_thread;
  return eo;
}

HuntResult hunt(const specs::Target& target, const HuntOptions& options,
                const std::function<void(const HuntResult&)>& progress) {
  using Clock = std::chrono::steady_clock;
  HuntResult result;
  // Loads the debug information now, so the first report's symbolization does not count
  // towards the time a violation took to find.
  engine::load_debug_information();
  auto start = Clock::now();
  auto elapsed = [&] { return std::chrono::duration<double>(Clock::now() - start).count(); };
  // Asked after every execution, so read from the coarse clock; the loop and the bound count
  // ask the same clock, so a program the deadline stopped is never counted as complete.
  const double deadline =
      options.deadline > 0 ? options.deadline : coarse_seconds() + options.budget_seconds;
  auto out_of_time = [&] { return stop_signal() != 0 || coarse_seconds() >= deadline; };
  // A violation found just before the deadline still gets its concrete witness searched.
  auto witness_out_of_time = [&] {
    return stop_signal() != 0 || coarse_seconds() >= deadline + kWitnessGraceSeconds;
  };
  auto engine = make_engine(target, options, options.program_threads(target));
  rc::Gen<specs::TestProgram> gen = programs(target, options);
  RepeatedPrograms repeats(gen, options.seed, *target.model);
  const bool fixed_client = options.client && options.client->fixed(*target.model);
  bool new_seals = false;  // functions were sealed after the last program
  uint64_t classes = 0;    // distinct classes reached (ProgramSearcher counts them)
  checker::ModelMoves moves(*target.model);  // shared by the programs' judges
  int lowest_bound = INT_MAX;  // INT_MAX: every counted program was explored exhaustively
  bool bound_counted = false;
  HuntOptions current = options;  // grows sealed functions as bugs are found
  std::set<std::pair<ViolationKind, std::vector<std::string>>> seen;  // (kind, signature)
  auto done = [&] {
    return options.max_violations != 0 && result.violations.size() >= options.max_violations;
  };
  // --bias-classes: the programs that reached the most new classes, most first.
  constexpr size_t kBest = 4;
  std::vector<std::pair<uint64_t, specs::TestProgram>> best;
  SearchHooks hooks;
  hooks.stop = out_of_time;
  hooks.classes_reached = &classes;
  hooks.after_execution = [&] {
    uint64_t n = ++result.executions;
    if (options.curve_every != 0 && n % options.curve_every == 0) {
      result.curve.push_back({n, classes});
    }
  };
  hooks.moves = &moves;
  ProgramSearcher searcher(*engine, target, std::move(hooks));
  uint64_t step = std::max<uint64_t>(options.shard.count, 1);
  for (uint64_t index = options.shard.index + options.shard.skip_programs * step;
       !out_of_time() && !done() &&
       (options.max_programs == 0 || result.programs < options.max_programs);
       index += step) {
    auto setup = Clock::now();
    specs::TestProgram program = generator::sample(gen, options.seed, index);
    if (options.bias_classes && !options.client && !best.empty() && result.programs % 2 == 1) {
      const specs::TestProgram& parent = best[(index / step) % best.size()].second;
      program = generator::mutate(target, parent, options.seed, index);
    }
    result.setup_seconds += std::chrono::duration<double>(Clock::now() - setup).count();
    // A client's program searched before is sampled this time, not searched again, unless
    // a bug found since sealed functions, which makes the search a new one.
    const bool repeated = options.client && repeats.repeated(index, program) && !new_seals;
    new_seals = false;
    result.programs_repeated += repeated;
    moves.limit();  // no judge lives between programs
    const uint64_t classes_before = classes;
    uint64_t executions_before = result.executions;
    ProgramSearch s = searcher.search(program, index, repeated ? resampling(current) : current);
    result.executions = executions_before + s.executions;
    add_counts(s, result);
    uint64_t new_classes = classes - classes_before;
    result.per_program.push_back({index, s.executions, new_classes});
    if (options.bias_classes && new_classes > 0 &&
        (best.size() < kBest || new_classes > best.back().first)) {
      if (best.size() == kBest) best.pop_back();
      auto at = std::find_if(best.begin(), best.end(),
                             [&](const auto& b) { return b.first < new_classes; });
      best.insert(at, {new_classes, program});
    }
    if (s.violation) {
      if (auto w = concrete_witness(*engine, target, *s.violation, current, witness_out_of_time)) {
        w->detected = s.violation->detected;  // found when the first failing execution was
        s.violation = std::move(w);
      }
    }
    ++result.programs;
    if (s.violation && seen.insert({s.violation->kind, s.violation->signature}).second) {
      s.violation->sealed = current.sealed;
      s.violation->found_after_seconds =
          std::chrono::duration<double>(s.violation->detected - start).count();
      s.violation->found_after_executions = executions_before + s.violation_execution;
      for (const std::string& f : s.violation->signature) current.sealed.push_back(f);
      new_seals = true;
      result.violations.push_back(std::move(*s.violation));
    }
    // A program the deadline cut short says nothing about the bound the hunt completes.
    if (engine::is_systematic(options.search.strategy) && !repeated && !s.violation &&
        !out_of_time()) {
      // A program explored exhaustively (INT_MAX) completed the bound asked for.
      const int completed = std::min(s.bound_completed, wanted_bound(options));
      lowest_bound = std::min(lowest_bound, completed);
      bound_counted = true;
    }
    result.distinct_classes = classes;
    result.seconds = elapsed();
    result.bound_completed = bound_counted ? lowest_bound : -1;
    // A client's one program, explored exhaustively: every further search would sample
    // executions already judged.
    // One whose search may have missed classes is sampled on.
    result.client_exhausted = fixed_client && !repeated && !s.violation &&
                              s.bound_completed == engine::Coverage::kExhaustive &&
                              !s.may_miss_classes;
    if (progress) progress(result);
    if (result.client_exhausted) break;
  }
  result.seconds = elapsed();
  return result;
}

engine::StrategyKind systematic_strategy(engine::MemoryModel model) {
  return model == engine::MemoryModel::kC11 ? engine::StrategyKind::kDfs
                                            : engine::StrategyKind::kCbDpor;
}

}  // namespace lineup::hunt
