// How much of each execution a systematic search runs again: for each execution, its steps and
// the steps it shares with the execution before it (the longest common prefix of their traces:
// same thread, kind, place and instruction at each step). A search that restored the state at
// the point where an execution leaves its predecessor would run only the rest; the shared share
// is what such checkpoints could save at most, before their own cost.
//   usage: bench_prefix_sharing [cap on executions per configuration, default 200000]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "adapters/smoke/smoke_programs.h"
#include "engine/engine.h"
#include "engine/strategy/cbdpor.h"
#include "engine/strategy/dpor.h"

namespace {

using namespace lineup::engine;

struct StepKey {
  int thread;
  int kind;
  uintptr_t addr;
  uintptr_t pc;
  bool operator==(const StepKey& o) const {
    return thread == o.thread && kind == o.kind && addr == o.addr && pc == o.pc;
  }
};

void measure(const std::string& program, const char* strategy_name, Strategy& strategy,
             const lineup::smoke::SmokeProgram& sp, uint64_t cap) {
  Engine engine;
  std::vector<StepKey> previous, current;
  uint64_t executions = 0, steps = 0, shared = 0;
  auto start = std::chrono::steady_clock::now();
  engine.explore(sp.program, strategy, [&](const ExecutionResult& r) {
    current.clear();
    for (const Transition& t : r.trace.steps) {
      current.push_back({t.thread, static_cast<int>(t.kind), t.addr, t.pc});
    }
    size_t common = 0;
    while (common < current.size() && common < previous.size() &&
           current[common] == previous[common]) {
      ++common;
    }
    if (executions > 0) shared += common;
    steps += current.size();
    ++executions;
    previous.swap(current);
    return executions < cap;
  });
  double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("| %-13s | %-6s | %9lu%s | %6.1f | %6.1f | %5.1f%% | %9.0f |\n", program.c_str(),
              strategy_name, static_cast<unsigned long>(executions), executions >= cap ? "+" : " ",
              static_cast<double>(steps) / executions,
              static_cast<double>(steps - shared) / executions,
              steps == 0 ? 0.0 : 100.0 * static_cast<double>(shared) / steps, executions / secs);
}

}  // namespace

int main(int argc, char** argv) {
  uint64_t cap = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 200000;
  std::printf("atomics scheduled, cap %lu executions (+: capped)\n\n",
              static_cast<unsigned long>(cap));
  std::printf(
      "| program | search | executions | steps/exec | new steps/exec | shared | exec/s |\n");
  std::printf("|---|---|---:|---:|---:|---:|---:|\n");
  for (const lineup::smoke::SmokeStructure& s : lineup::smoke::smoke_structures()) {
    for (int size : {2, 3}) {
      lineup::smoke::SmokeProgram sp = s.make(size, size);
      const std::string name = s.name + " " + std::to_string(size) + "x" + std::to_string(size);
      CbDporStrategy cb(2, /*iterative=*/false);
      measure(name, "cbdpor", cb, sp, cap);
      DporStrategy dpor;
      measure(name, "dpor", dpor, sp, cap);
    }
  }
  return 0;
}
