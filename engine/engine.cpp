#include "engine/engine.h"

#include <thread>

#include "engine/execution.h"
#include "engine/memory/heap.h"
#include "engine/strategy/replay.h"

namespace lineup::engine {
namespace {

// Controlled code runs as several threads on one OS thread. In a process that has never
// started a second thread, glibc's __libc_single_threaded is true and libstdc++ then updates
// std::shared_ptr counts (and other "atomic only if threaded" state) with plain
// read-modify-write sequences, which the engine may preempt in the middle: lost updates that
// no real multi-threaded run can have. Starting (and joining) one thread clears the flag for
// good, the way glibc intends it to be cleared.
void declare_threaded() {
  static const bool done = [] {
    std::thread([] {}).join();
    return true;
  }();
  (void)done;
}

}  // namespace

Engine::Engine(EngineOptions options)
    : options_(std::move(options)),
      fibers_(options_.stack_size),
      execution_(std::make_unique<Execution>(options_, fibers_, listeners_)) {
  Heap::instance();  // reserve the arena before any controlled allocation can ask for it
  declare_threaded();
}

Engine::~Engine() = default;

const BlockNames& Engine::block_names() const { return execution_->block_names(); }

const ExecutionResult& Engine::run(const Program& program, Strategy& strategy) {
  execution_->run(program, strategy, result_);
  // The program may tell threads apart by thread-locals' addresses: from now on each logical
  // thread sees its own (EngineOptions::thread_pointer_on_escape).
  if (result_.thread_pointer_switched) options_.thread_pointer_per_thread = true;
  strategy.end_execution(result_);
  return result_;
}

uint64_t Engine::explore(const Program& program, Strategy& strategy,
                         const std::function<bool(const ExecutionResult&)>& on_result) {
  uint64_t n = 0;
  while (strategy.begin_execution()) {
    ++n;
    if (!on_result(run(program, strategy))) break;
  }
  return n;
}

const ExecutionResult& Engine::replay(const Program& program, const Schedule& schedule,
                                      const std::vector<ExpectedStep>& expected) {
  // Twice when the first switched to a thread pointer per logical thread: from the start
  // again in that mode, as a hunt would have restarted the program.
  for (int attempt = 0; attempt < 2; ++attempt) {
    ReplayStrategy replay(schedule, expected);
    replay.begin_execution();
    run(program, replay);
    if (result_.thread_pointer_switched) continue;
    if (result_.ok() && !replay.stop_reason().empty()) {
      result_.outcome = Outcome::kDivergence;
      result_.message = replay.stop_reason();
    }
    break;
  }
  return result_;
}

}  // namespace lineup::engine
