#include "lineup/corpus/shrink.h"

#include <algorithm>
#include <functional>
#include <optional>

#include "checker/call_text.h"
#include "checker/judge.h"
#include "lineup/hunt/search.h"

namespace lineup::corpus {
namespace {

using Candidates = std::vector<std::pair<specs::TestProgram, std::string>>;

// Programs of `p` with one argument replaced by a value listed before it in the target's
// arguments, for every call `free(thread, index)` allows (thread -1: the init prefix).
Candidates simpler_arguments(const specs::TestProgram& p, const specs::Target& target,
                             const std::function<bool(int, size_t)>& free) {
  const specs::Model& model = *target.model;
  Candidates out;
  const std::vector<int>& args = target.arguments;
  auto simplify = [&](int thread, size_t i, const specs::Operation& op) {
    if (!model.takes_argument(op.op) || !free(thread, i)) return;
    auto at = std::find(args.begin(), args.end(), op.arg);
    for (auto a = args.begin(); a != at && a != args.end(); ++a) {
      specs::TestProgram q = p;
      specs::Operation& changed =
          thread < 0 ? q.init[i] : q.threads[static_cast<size_t>(thread)][i];
      changed.arg = *a;
      out.push_back({q, "simplified " +
                            (thread < 0 ? std::string("init") : "T" + std::to_string(thread)) +
                            "[" + std::to_string(i) + "] to " + model.describe(changed)});
    }
  };
  for (size_t i = 0; i < p.init.size(); ++i) simplify(-1, i, p.init[i]);
  for (size_t t = 0; t < p.threads.size(); ++t) {
    for (size_t i = 0; i < p.threads[t].size(); ++i) {
      simplify(static_cast<int>(t), i, p.threads[t][i]);
    }
  }
  return out;
}

// Programs one step smaller than `p`, most promising (largest reduction) first. A client's
// programs keep its calls: only the arguments it leaves out change.
Candidates candidates(const specs::TestProgram& p, const specs::Target& target,
                      const std::optional<generator::Client>& client) {
  const specs::Model& model = *target.model;
  if (client) {
    return simpler_arguments(p, target, [&](int thread, size_t i) {
      return thread < 0 ? client->drawn_init(model, i)
                        : client->drawn(model, static_cast<size_t>(thread), i);
    });
  }
  Candidates out;
  // Whole threads (a program keeps at least one thread; roles follow thread positions, so
  // with roles only the last thread may go).
  for (size_t t = target.roles.empty() ? 0 : p.threads.size() - 1;
       p.threads.size() > 1 && t < p.threads.size(); ++t) {
    specs::TestProgram q = p;
    q.threads.erase(q.threads.begin() + static_cast<long>(t));
    out.push_back({q, "dropped thread T" + std::to_string(t)});
  }
  for (size_t i = 0; i < p.init.size(); ++i) {
    specs::TestProgram q = p;
    q.init.erase(q.init.begin() + static_cast<long>(i));
    out.push_back({q, "dropped init call " + model.describe(p.init[i])});
  }
  for (size_t t = 0; t < p.threads.size(); ++t) {
    for (size_t i = 0; i < p.threads[t].size(); ++i) {
      if (p.threads[t].size() == 1) continue;  // dropping its thread covers it
      specs::TestProgram q = p;
      q.threads[t].erase(q.threads[t].begin() + static_cast<long>(i));
      out.push_back(
          {q, "dropped " + checker::describe_call(model, p,
                                                  static_cast<int>(p.flat(static_cast<int>(t),
                                                                          static_cast<int>(i))))});
    }
  }
  // Smaller arguments of the threads' calls (an init call's argument stays).
  Candidates simpler = simpler_arguments(p, target, [](int thread, size_t) { return thread >= 0; });
  out.insert(out.end(), simpler.begin(), simpler.end());
  return out;
}

}  // namespace

Counterexample shrink(const Counterexample& c, const ShrinkOptions& options) {
  const specs::Target* target = specs::find_target(c.structure);
  if (target == nullptr) throw CounterexampleError("field 'structure': not registered");
  hunt::HuntOptions hunting = c.replay_options();
  hunting.search.strategy = hunt::systematic_strategy(c.replay.memory_model);
  hunting.search.bound = std::max(options.bound, c.preemptions);
  hunting.search.stale_bound = stale_choices(c.schedule);
  hunting.search.executions_per_program = options.executions_per_candidate;
  auto engine = hunt::make_engine(*target, hunting, static_cast<int>(c.program.threads.size()));
  auto stopped = [&] { return options.stop && options.stop(); };
  auto fails = [&](const specs::TestProgram& p) -> std::optional<hunt::Violation> {
    hunt::SearchHooks hooks;
    hooks.stop = stopped;
    auto s = hunt::ProgramSearcher(*engine, *target, hooks).search(p, c.program_index, hunting);
    if (s.violation && s.violation->kind == c.kind) return s.violation;
    return std::nullopt;
  };
  auto log = [&](const std::string& line) {
    if (options.log) options.log(line);
  };
  std::optional<hunt::Violation> found = fails(c.program);
  if (!found && !stopped()) {
    // A sampled execution (the portfolio's POS part, or a sampler's) can fail where the bounded
    // search finds nothing within its cap: the candidates are then searched by the portfolio,
    // whose POS part samples as the hunt did (in c11 mode drawing read choices too).
    hunting.search.strategy = engine::StrategyKind::kPortfolio;
    hunting.search.bound = options.bound;
    found = fails(c.program);
  }
  if (!found) {
    log(stopped() ? "stopped: no time left to re-search the program; not shrunk"
                  : "the program no longer fails under the bounded search or sampling; nothing "
                    "to shrink");
    return c;
  }
  specs::TestProgram current = c.program;
  for (bool smaller = true; smaller && !stopped();) {
    smaller = false;
    for (auto& [candidate, what] : candidates(current, *target, c.client)) {
      if (stopped()) break;
      if (auto v = fails(candidate)) {
        current = std::move(candidate);
        found = std::move(v);
        log(what);
        smaller = true;
        break;
      }
    }
  }
  // The schedule: fewest preemptions, then fewest steps. The program is searched again with
  // the bound at 0, 1, ... preemptions up to the found violation's, so that the first bound
  // that shows the failure gives the fewest preemptions, whatever order the strategy explores
  // in within a bound (dfs in c11 mode does not deepen) and wherever its cap cuts; among that
  // search's failures, the one of fewest steps wins (`found` may come from a sampled execution
  // with more preemptions, or from a bound searched only up to the cap).
  hunt::Violation best = *found;
  hunting.search.strategy = hunt::systematic_strategy(c.replay.memory_model);
  for (int bound = 0; bound <= found->preemptions && !stopped(); ++bound) {
    hunting.search.bound = bound;
    std::optional<hunt::Violation> fewest;
    hunt::SearchHooks every_violation;
    every_violation.stop = stopped;
    every_violation.more = [&](const hunt::Violation& v) {
      if (v.kind == c.kind && v.preemptions <= bound && (!fewest || v.steps < fewest->steps)) {
        fewest = v;
      }
      return true;
    };
    hunt::ProgramSearcher(*engine, *target, std::move(every_violation))
        .search(current, c.program_index, hunting);
    if (!fewest) continue;
    if (fewest->preemptions < best.preemptions ||
        (fewest->preemptions == best.preemptions && fewest->steps < best.steps)) {
      best = std::move(*fewest);
    }
    break;
  }
  if (stopped()) log("stopped: the time for shrinking ran out; the case is partly shrunk");
  log("schedule: " + std::to_string(best.preemptions) + " preemptions, " +
      std::to_string(best.steps) + " steps");
  Counterexample out = c;
  out.program = current;
  out.schedule = best.schedule;
  out.results = best.results;
  out.preemptions = best.preemptions;
  out.signature = best.signature;
  if (!c.original_program) {
    out.original_program = c.program;
    out.original_schedule = c.schedule;
  }
  return out;
}

}  // namespace lineup::corpus
