#include "lineup/hunt/entered_code.h"

#include <algorithm>
#include <exception>

#include "engine/diagnostics/function_entries.h"
#include "engine/strategy/factory.h"
#include "lineup/hunt/search.h"

namespace lineup::hunt {
namespace {

constexpr int kHangTimeoutMs = 200;

}  // namespace

std::vector<specs::TestProgram> entry_programs(const specs::Target& target) {
  const int operations = static_cast<int>(target.model->operation_names().size());
  const int threads =
      target.roles.empty() ? 2 : std::min<int>(3, static_cast<int>(target.roles.size()));
  specs::TestProgram forward;
  size_t next_argument = 0;
  for (int t = 0; t < threads; ++t) {
    std::vector<int> ops;
    if (target.roles.empty()) {
      for (int op = 0; op < operations; ++op) ops.push_back(op);
    } else {
      ops = target.roles[static_cast<size_t>(t)];
    }
    std::vector<specs::Operation> calls;
    for (int op : ops) {
      int arg = 0;
      if (!target.arguments.empty())
        arg = target.arguments[next_argument++ % target.arguments.size()];
      calls.push_back({op, arg});
    }
    forward.threads.push_back(std::move(calls));
  }
  specs::TestProgram backward = forward;
  for (auto& calls : backward.threads) std::reverse(calls.begin(), calls.end());
  if (backward == forward) return {forward};
  return {forward, backward};
}

std::vector<uintptr_t> entered_code(const specs::Target& target, const HuntOptions& options,
                                    uint64_t executions) {
  std::vector<specs::TestProgram> programs = entry_programs(target);
  int threads = 0;
  for (const specs::TestProgram& p : programs)
    threads = std::max(threads, static_cast<int>(p.threads.size()));
  engine::start_recording_function_entries();
  try {
    std::unique_ptr<engine::Engine> engine = make_engine(target, options, threads);
    // A structure that hangs or spins unseen would hold the hunt here for the whole watchdog
    // period of each execution: what the first execution that does not end well entered is
    // enough, and the recording stops there.
    engine->options().hang_timeout_ms = kHangTimeoutMs;
    bool ended_well = true;
    for (size_t i = 0; i < programs.size(); ++i) {
      std::vector<int> results(programs[i].results_size());
      engine::Program program = target.instantiate(programs[i], &results);
      engine::StrategyConfig config;
      config.kind = engine::StrategyKind::kRandom;
      config.seed = options.seed + i;
      config.executions = executions;
      std::string error;
      std::unique_ptr<engine::Strategy> strategy = engine::make_strategy(config, &error);
      if (!strategy) break;
      engine->explore(program, *strategy, [&](const engine::ExecutionResult& r) {
        ended_well = r.ok() || r.outcome == engine::Outcome::kAbandoned;
        return ended_well;
      });
      if (!ended_well) break;
    }
  } catch (const std::exception&) {
    engine::stop_recording_function_entries();
    return {};
  }
  return engine::stop_recording_function_entries();
}

}  // namespace lineup::hunt
