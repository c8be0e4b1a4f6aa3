#include "lineup/hunt.h"

#include <chrono>
#include <climits>
#include <set>

#include "generator/programs.h"
#include "lineup/engine/engine.h"
#include "lineup/engine/happens_before.h"
#include "lineup/engine/strategy/cbdpor.h"
#include "lineup/engine/strategy/factory.h"
#include "lineup/engine/trace_printer.h"
#include "lineup/judge.h"
#include "lineup/phase1.h"

namespace lineup {
namespace {

using Clock = std::chrono::steady_clock;

std::string header(const specs::Target& target, const specs::TestProgram& program, uint64_t index) {
  return target.name + ", program " + std::to_string(index) + ": " +
         program.describe(*target.model) + "\n";
}

}  // namespace

generator::Shape HuntOptions::shape() const { return {threads, calls, init}; }

HuntResult hunt(const specs::Target& target, const HuntOptions& options,
                const std::function<void(const HuntResult&)>& progress) {
  HuntResult result;
  auto start = Clock::now();
  auto elapsed = [&] { return std::chrono::duration<double>(Clock::now() - start).count(); };
  engine::EngineOptions eo;
  eo.schedule_plain_accesses = !options.atomics_only;
  engine::Engine engine(eo);
  if (target.prepare_engine != nullptr) {
    target.prepare_engine(engine, generator::thread_count(target, options.shape()));
  }
  rc::Gen<specs::TestProgram> gen = generator::test_programs(target, options.shape());
  std::set<uint64_t> classes;
  engine::HappensBefore hb;
  int lowest_bound = INT_MAX;
  for (uint64_t index = 0; elapsed() < options.budget_seconds && result.violations.empty() &&
                           (options.max_programs == 0 || index < options.max_programs);
       ++index) {
    specs::TestProgram program = generator::sample(gen, options.seed, index);
    std::vector<int> results(program.results_size(), 0);
    SerialOutcomes serial;
    if (!options.model_spec) {
      serial = serial_outcomes(engine, target, program);
      if (!serial.failure.empty()) {
        Violation v;
        v.program = program;
        v.program_index = index;
        v.kind = serial.nondeterministic ? "nondeterministic serially" : "not serializable";
        v.report = header(target, program, index) +
                   (serial.nondeterministic
                        ? serial.failure
                        : "running its calls one at a time fails: " + serial.failure + "\n");
        result.violations.push_back(std::move(v));
        break;
      }
    }
    ProgramJudge judge(target, program, options.model_spec ? nullptr : &serial,
                       options.dependency_aware);
    engine::Program p = target.instantiate(program, &results);
    engine::StrategyConfig config;
    config.name = options.strategy;
    config.bound = options.bound;
    config.seed = options.seed + index;
    config.executions = options.executions_per_program;
    std::string error;
    auto strategy = engine::make_strategy(config, &error);
    if (!strategy) throw std::invalid_argument(error);
    uint64_t explored = 0;
    engine.explore(p, *strategy, [&](const engine::ExecutionResult& r) {
      ++explored;
      if (r.outcome == engine::Outcome::kAbandoned)
        return explored < options.executions_per_program;
      ++result.executions;
      hb.reset(static_cast<int>(program.threads.size()));
      for (const engine::Transition& t : r.trace.steps) hb.add(t);
      classes.insert(hb.fingerprint() ^ (index * 0x9e3779b97f4a7c15ULL));
      Verdict verdict;
      std::string kind;
      if (r.failed()) {
        kind = engine::to_string(r.outcome);
        verdict = {false, r.message};
      } else {
        verdict = judge.judge(results, r.trace);
        kind = "not linearizable";
      }
      if (!verdict.ok) {
        Violation v;
        v.program = program;
        v.program_index = index;
        v.schedule = r.schedule;
        v.kind = kind;
        v.results = results;
        v.report = header(target, program, index) +
                   (r.failed() ? "" : describe_calls(*target.model, program, results)) + kind +
                   ": " + verdict.why + (verdict.why.ends_with('\n') ? "" : "\n") + "schedule " +
                   r.schedule.to_token() + "\n" + engine::format_trace(r, p, engine);
        result.violations.push_back(std::move(v));
        return false;
      }
      return explored < options.executions_per_program && elapsed() < options.budget_seconds;
    });
    ++result.programs;
    if (auto* cb = dynamic_cast<engine::CbDporStrategy*>(strategy.get())) {
      if (!strategy->begin_execution())
        lowest_bound = std::min(lowest_bound, cb->completed_bound());
    }
    result.distinct_classes = classes.size();
    result.seconds = elapsed();
    result.bound_completed = lowest_bound == INT_MAX ? -1 : lowest_bound;
    if (progress) progress(result);
  }
  result.seconds = elapsed();
  return result;
}

}  // namespace lineup
