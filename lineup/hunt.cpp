#include "lineup/hunt.h"

#include <chrono>
#include <climits>
#include <map>
#include <set>

#include "checker/linearizable.h"
#include "checker/precedence.h"
#include "generator/programs.h"
#include "lineup/engine/engine.h"
#include "lineup/engine/happens_before.h"
#include "lineup/engine/strategy/cbdpor.h"
#include "lineup/engine/strategy/factory.h"
#include "lineup/engine/trace_printer.h"
#include "lineup/phase1.h"

namespace lineup {
namespace {

using Clock = std::chrono::steady_clock;

// The calls of one execution in thread-major order, and its precedence relations in the same
// order (the trace lists calls in the order they started).
struct Judged {
  std::vector<checker::CallRecord> calls;
  std::vector<checker::Precedence> relations;
};

Judged judge_input(const specs::TestProgram& program, const std::vector<int>& results,
                   const engine::Trace& trace, bool dependency_aware) {
  Judged j;
  size_t n = program.calls();
  j.calls.resize(n);
  std::vector<size_t> flat(trace.calls.size());
  for (size_t c = 0; c < trace.calls.size(); ++c) {
    const engine::CallSpan& s = trace.calls[c];
    flat[c] = program.flat(s.thread, s.index_in_thread);
    j.calls[flat[c]] = {
        s.thread,
        program.threads[static_cast<size_t>(s.thread)][static_cast<size_t>(s.index_in_thread)],
        results[flat[c]]};
  }
  std::vector<checker::Precedence> in_trace_order;
  if (dependency_aware) {
    in_trace_order =
        checker::equivalent_precedences(trace, static_cast<int>(program.threads.size()));
  } else {
    in_trace_order = {checker::real_time_precedence(trace)};
  }
  for (const checker::Precedence& p : in_trace_order) {
    checker::Precedence q(n, 0);
    for (size_t y = 0; y < p.size(); ++y) {
      for (size_t x = 0; x < p.size(); ++x) {
        if ((p[y] >> x) & 1) q[flat[y]] |= uint64_t{1} << flat[x];
      }
    }
    j.relations.push_back(std::move(q));
  }
  return j;
}

// Whether some serial order in `orders` (call indices) respects `precedes`.
bool some_order_respects(const std::vector<std::vector<int>>& orders,
                         const checker::Precedence& precedes) {
  for (const std::vector<int>& order : orders) {
    uint64_t done = 0;
    bool ok = true;
    for (int c : order) {
      if (precedes[static_cast<size_t>(c)] & ~done) {
        ok = false;
        break;
      }
      done |= uint64_t{1} << c;
    }
    if (ok) return true;
  }
  return false;
}

std::string describe_calls(const specs::Model& model, const specs::TestProgram& program,
                           const std::vector<int>& results) {
  std::string out;
  for (size_t t = 0; t < program.threads.size(); ++t) {
    out += "  T" + std::to_string(t) + ":";
    for (size_t i = 0; i < program.threads[t].size(); ++i) {
      const specs::Operation& op = program.threads[t][i];
      out += " " + model.describe(op) + " -> " +
             model.describe_result(op,
                                   results[program.flat(static_cast<int>(t), static_cast<int>(i))]);
    }
    out += "\n";
  }
  return out;
}

}  // namespace

HuntResult hunt(const specs::Target& target, const HuntOptions& options,
                const std::function<void(const HuntResult&)>& progress) {
  HuntResult result;
  auto start = Clock::now();
  auto elapsed = [&] { return std::chrono::duration<double>(Clock::now() - start).count(); };
  engine::EngineOptions eo;
  eo.schedule_plain_accesses = !options.atomics_only;
  engine::Engine engine(eo);
  rc::Gen<specs::TestProgram> gen =
      generator::test_programs(target, options.threads, options.calls);
  std::set<uint64_t> classes;
  engine::HappensBefore hb;
  int lowest_bound = INT_MAX;
  for (uint64_t index = 0; elapsed() < options.budget_seconds && result.violations.empty() &&
                           (options.max_programs == 0 || index < options.max_programs);
       ++index) {
    specs::TestProgram program = generator::sample(gen, options.seed, index);
    std::vector<int> results(program.calls(), 0);
    SerialOutcomes serial;
    if (!options.model_spec) {
      serial = serial_outcomes(engine, target, program);
      if (!serial.failure.empty()) {
        Violation v;
        v.program = program;
        v.program_index = index;
        v.kind = "not serializable";
        v.report = "program " + std::to_string(index) + ": " + program.describe(*target.model) +
                   "\nrunning its calls one at a time fails: " + serial.failure + "\n";
        result.violations.push_back(std::move(v));
        break;
      }
    }
    engine::Program p = target.instantiate(program, &results);
    engine::StrategyConfig config;
    config.name = options.strategy;
    config.bound = options.bound;
    config.seed = options.seed + index;
    config.executions = options.executions_per_program;
    std::string error;
    auto strategy = engine::make_strategy(config, &error);
    if (!strategy) throw std::invalid_argument(error);
    std::map<std::pair<std::vector<int>, checker::Precedence>, bool> verdicts;
    uint64_t explored = 0;
    engine.explore(p, *strategy, [&](const engine::ExecutionResult& r) {
      ++explored;
      if (r.outcome == engine::Outcome::kAbandoned)
        return explored < options.executions_per_program;
      ++result.executions;
      hb.reset(options.threads);
      for (const engine::Transition& t : r.trace.steps) hb.add(t);
      classes.insert(hb.fingerprint() ^ (index * 0x9e3779b97f4a7c15ULL));
      std::string kind, why;
      if (r.failed()) {
        kind = engine::to_string(r.outcome);
        why = r.message;
      } else {
        Judged j = judge_input(program, results, r.trace, options.dependency_aware);
        for (const checker::Precedence& rel : j.relations) {
          auto key = std::make_pair(results, rel);
          auto it = verdicts.find(key);
          bool ok;
          if (it != verdicts.end()) {
            ok = it->second;
          } else if (options.model_spec) {
            ok = verdicts[key] = checker::linearize(*target.model, j.calls, rel).has_value();
          } else {
            auto found = serial.outcomes.find(results);
            ok = verdicts[key] =
                found != serial.outcomes.end() && some_order_respects(found->second, rel);
          }
          if (!ok) {
            kind = "not linearizable";
            why =
                "no order of the calls that respects their real-time order in this execution "
                "(or an equivalent one) gives these results " +
                (options.model_spec ? "under the " + target.model->name() + " model"
                                    : std::string("when the calls run one at a time"));
            break;
          }
        }
      }
      if (!kind.empty()) {
        Violation v;
        v.program = program;
        v.program_index = index;
        v.schedule = r.schedule;
        v.kind = kind;
        v.report = "program " + std::to_string(index) + ": " + program.describe(*target.model) +
                   "\n" + (r.failed() ? "" : describe_calls(*target.model, program, results)) +
                   kind + ": " + why + "\n" + engine::format_trace(r, p, engine);
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
