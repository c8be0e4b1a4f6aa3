// Cost per scheduling point with and without thread-local accesses, side by side in one run
// (the machine is shared: compare ratios). Random schedules of a 3-thread x 3-call program
// whose calls make 8 atomic increments each; "no TLS" touches no thread_local, "TLS" also reads
// and writes one per increment (so its copy is switched at every fiber switch), and "TLS, one
// copy" is the same program with per-thread copies off (every logical thread shares the OS
// thread's); "own pointer" rows give each logical thread a thread pointer of its own
// (EngineOptions::thread_pointer_per_thread: a system call per switch).
//   usage: bench_thread_local_points [executions per configuration, default 100000]
#include <chrono>
#include <cstdio>
#include <cstdlib>

#include "engine/engine.h"
#include "engine/strategy/random.h"
#include "thread_local_programs.h"

namespace {

enum class Tls { kCopies, kOneCopy, kOwnPointers };

void measure(const char* name, bool thread_locals, Tls tls, uint64_t executions) {
  lineup::engine::EngineOptions options;
  options.thread_local_copies = tls != Tls::kOneCopy;
  options.thread_pointer_per_thread = tls == Tls::kOwnPointers;
  lineup::engine::Engine engine(options);
  lineup::engine::Program program = bench::counter_program(thread_locals);
  lineup::engine::RandomStrategy strategy(777, executions);
  uint64_t steps = 0, switches = 0;
  auto start = std::chrono::steady_clock::now();
  engine.explore(program, strategy, [&](const lineup::engine::ExecutionResult& r) {
    steps += r.trace.steps.size();
    for (size_t i = 1; i < r.trace.steps.size(); ++i) {
      switches += r.trace.steps[i].thread != r.trace.steps[i - 1].thread;
    }
    return true;
  });
  double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("%-22s %9.0f exec/s %6.1f points/exec %5.1f switches/exec %6.1f ns/point\n", name,
              executions / secs, static_cast<double>(steps) / static_cast<double>(executions),
              static_cast<double>(switches) / static_cast<double>(executions),
              secs * 1e9 / static_cast<double>(steps));
}

}  // namespace

int main(int argc, char** argv) {
  uint64_t n = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 100000;
  for (int round = 0; round < 2; ++round) {
    measure("no TLS", false, Tls::kCopies, n);
    measure("TLS", true, Tls::kCopies, n);
    measure("TLS, one copy", true, Tls::kOneCopy, n);
    measure("no TLS, own pointer", false, Tls::kOwnPointers, n);
    measure("TLS, own pointer", true, Tls::kOwnPointers, n);
  }
  return 0;
}
