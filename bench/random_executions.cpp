// Executions per second of random schedules over the built-in 3-thread x 3-call programs, in
// both scheduling modes, side by side in one run (the machine is shared: compare ratios).
//   usage: bench_random_executions [executions per configuration, default 50000]
#include <chrono>
#include <cstdio>
#include <cstdlib>

#include "adapters/smoke/smoke_programs.h"
#include "engine/engine.h"
#include "engine/memory/heap.h"
#include "engine/strategy/random.h"

namespace {

void measure(const lineup::smoke::SmokeStructure& s, bool atomics_only, uint64_t executions) {
  lineup::engine::EngineOptions options;
  options.schedule_plain_accesses = !atomics_only;
  lineup::engine::Engine engine(options);
  lineup::smoke::SmokeProgram sp = s.make(3, 3);
  lineup::engine::RandomStrategy strategy(12345, executions);
  uint64_t steps = 0, failures = 0;
  size_t heap_peak = 0;
  auto start = std::chrono::steady_clock::now();
  engine.explore(sp.program, strategy, [&](const lineup::engine::ExecutionResult& r) {
    steps += r.trace.steps.size();
    if (!r.ok() || !sp.check().empty()) ++failures;
    size_t used = lineup::engine::Heap::instance().used();
    if (used > heap_peak) heap_peak = used;
    return true;
  });
  double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("%-12s %-13s %9.0f exec/s %8.1f points/exec %7.1f ns/point %6zu B heap  %lu failed\n",
              s.name.c_str(), atomics_only ? "atomics-only" : "all-accesses", executions / secs,
              static_cast<double>(steps) / static_cast<double>(executions),
              secs * 1e9 / static_cast<double>(steps), heap_peak,
              static_cast<unsigned long>(failures));
}

}  // namespace

int main(int argc, char** argv) {
  uint64_t n = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 50000;
  for (const auto& s : lineup::smoke::smoke_structures()) {
    measure(s, false, n);
    measure(s, true, n);
  }
  return 0;
}
