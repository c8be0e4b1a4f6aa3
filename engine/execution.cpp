// The life cycle of one execution: setup, starting the fibers, running them to the end under
// the strategy, and teardown. The ways out and the recovery after one are in
// execution_faults.cpp, the threads' own runs in execution_threads.cpp, the memory the
// execution lays out and watches in execution_memory.cpp.
#include "engine/execution.h"

#include <exception>
#include <functional>
#include <string>

#include "engine/diagnostics/crash_guard.h"
#include "engine/memory/heap.h"
#include "engine/modes.h"

namespace lineup::engine {
namespace {

// The crash guard's handlers: the execution running on this OS thread takes the signal.
const FaultHandlers kFaultHandlers{
    [](int sig, uintptr_t fault_addr, uintptr_t pc, bool sent) {
      tl_execution->on_signal(sig, fault_addr, pc, sent);
    },
    [](int elapsed_ms, uintptr_t pc) { tl_execution->on_watchdog_tick(elapsed_ms, pc); }};

}  // namespace

Execution::Execution(const EngineOptions& options, Fibers& fibers,
                     std::vector<ExecutionListener*>& listeners)
    : options_(options), fibers_(fibers), listeners_(listeners), heap_(Heap::instance()) {}

Execution::~Execution() { static_writes_.undo(); }

void Execution::run(const Program& program, Strategy& strategy, ExecutionResult& result) {
  program_ = &program;
  strategy_ = &strategy;
  uniform_ = strategy.uniform_state();
  result_ = &result;
  trace_ = &result.trace;
  result.outcome = Outcome::kCompleted;
  result.message.clear();
  result.thread = kNoThread;
  result.trace.clear();
  result.schedule.choices.clear();
  result.schedule.stale.clear();
  result.preempted_pcs.clear();
  result.spin_blocks = result.forced_timeouts = result.stale_spin_cuts = 0;
  result.clock_readings = 0;
  result.late_stack_publications = 0;
  result.suppressed_races = 0;
  result.thread_pointer_switched = false;
  result.retry_cut_loop.clear();
  result.inconsistent = false;
  result.idle_rounds.clear();
  thread_count_ = static_cast<int>(program.threads.size());
  threads_.resize(static_cast<size_t>(thread_count_));
  for (ThreadState& s : threads_) s.restart();
  unfinished_ = thread_count_ >= 64 ? ~uint64_t{0} : (uint64_t{1} << thread_count_) - 1;
  may_wait_ = 0;
  thread_specifics_.clear();
  locks_.clear();
  clock_.reset();
  starting_ = false;
  previous_ = kNoThread;
  spin_rounds_ = spin_blocked_count_ = retry_cut_count_ = 0;
  stall_state_ = 0;
  captures_due_ = false;
  deferred_write_ = kNone;
  private_write_ = PrivateWrite{};
  range_write_ = RangeWrite{};
  fault_ = Fault{};
  assertion_.clear();
  watchdog_.note_progress();
  if (thread_count_ > kMaxThreads) {
    result.outcome = Outcome::kCrash;
    result.message = "too many threads (at most " + std::to_string(kMaxThreads) + ")";
    return;
  }
  condition_variables_.reset(thread_count_);
  stacks_low_ = stacks_span_ = 0;
  private_low_ = private_span_ = 0;
  weak_ = options_.memory_model == MemoryModel::kC11 ? &weak_model_ : nullptr;
  if (weak_) {
    weak_->begin(
        thread_count_, trace_, [this](const Choice& c) { return decide(c); }, options_.latest_rmws,
        options_.rc11_seq_cst);
  }

  // The previous execution's writes to static data are undone only now, so that what it left
  // there stays readable until the next run, like the heap it allocated.
  static_writes_.undo();
  heap_.reset();
  block_names_.clear();
  for (ExecutionListener* l : listeners_) l->before_execution();
  lay_out_static_storage();
  thread_exits_.clear();
  fibers_.begin_execution();
  CrashGuard guard(kFaultHandlers);
  tl_execution = this;
  // setjmp without saving the signal mask (no syscall per execution): the signal handler runs
  // with SA_NODEFER, so nothing is left blocked when it jumps back here.
  if (setjmp(abort_env_) != 0) {
    recover(result);
  } else if (run_alone(program.setup, "setup", result)) {
    setup_readings_ = clock_.readings();
    // Each thread runs up to its first scheduling point and starts the next one, so the
    // strategy sees every thread's pending transition from the first choice on, which the
    // last thread makes (step, finish_thread). Back here once every thread finished.
    stacks_low_ = UINTPTR_MAX;
    stacks_high_ = 0;
    starting_ = thread_count_ > 0;
    if (starting_) start_thread(0);
    result.clock_readings = clock_.readings() - setup_readings_;
    flush_deferred_write();
    if (run_alone(program.teardown, "teardown", result)) {
      std::string error;
      tl_heap_on = true;
      bool ok = thread_exits_.run(error);
      tl_heap_on = false;
      if (!ok && result.ok()) {
        result.outcome = Outcome::kUncaughtException;
        result.message = "a thread_local destructor of setup or teardown threw: " + error;
      }
    }
  }
  tl_execution = nullptr;
  if (weak_ != nullptr && !weak_->consistent()) {
    // Whatever it ended in, a failure included: RC11 forbids the execution.
    result.outcome = Outcome::kAbandoned;
    result.message = "not RC11-consistent: its seq_cst events have no order psc admits";
    result.thread = kNoThread;
    result.inconsistent = true;
  }
  for (ExecutionListener* l : listeners_) l->after_execution(result.ok());
  fibers_.end_execution();
}

bool Execution::run_alone(const std::function<void()>& fn, const char* what,
                          ExecutionResult& result) {
  if (!fn) return true;
  tl_heap_on = true;
  std::string thrown;
  try {
    fn();
  } catch (const std::exception& e) {
    thrown = e.what();
  } catch (...) {
    thrown = "an exception that is not a std::exception";
  }
  tl_heap_on = false;
  if (thrown.empty()) return true;
  // The structure's constructor or destructor threw: the execution cannot run; the memory it
  // allocated goes with the arena.
  if (result.ok()) {
    result.outcome = Outcome::kUncaughtException;
    result.message = std::string(what) + " (creating or destroying the structure) threw: " + thrown;
  }
  return false;
}

}  // namespace lineup::engine
