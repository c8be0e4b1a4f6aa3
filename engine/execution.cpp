// The life cycle of one execution: setup, starting the fibers, running them to the end under
// the strategy, teardown, and the two ways out when something goes wrong (abort, signals).
#include "engine/execution.h"

#include <algorithm>
#include <csignal>
#include <cstring>
#include <exception>

#include "engine/call_site.h"
#include "engine/crash_guard.h"
#include "engine/heap.h"
#include "engine/modes.h"
#include "engine/symbolizer.h"

namespace lineup::engine {

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
  spin_rounds_ = spin_blocked_count_ = 0;
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
  if (weak_) weak_->begin(thread_count_, trace_, [this](const Choice& c) { return decide(c); });

  // The previous execution's writes to static data are undone only now, so that what it left
  // there stays readable until the next run, like the heap it allocated.
  static_writes_.undo();
  heap_.reset();
  block_names_.clear();
  for (ExecutionListener* l : listeners_) l->before_execution();
  lay_out_static_storage();
  thread_exits_.clear();
  fibers_.begin_execution();
  CrashGuard guard;
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
  for (ExecutionListener* l : listeners_) l->after_execution(result.ok());
  fibers_.end_execution();
}

void Execution::lay_out_static_storage() {
  auto tp = reinterpret_cast<uintptr_t>(__builtin_thread_pointer());
  bool own_pointers = options_.thread_local_copies && options_.thread_pointer_per_thread;
  const uint64_t changes = module_changes();
  if (laid_out_for_ != tp || laid_out_with_own_pointers_ != own_pointers ||
      laid_out_changes_ != changes) {
    laid_out_for_ = tp;
    laid_out_with_own_pointers_ = own_pointers;
    StaticStorage storage = scan_static_storage();
    laid_out_changes_ = storage.changes;
    bool own_vectors = options_.thread_local_copies && !own_pointers && storage.dynamic_tls;
    fibers_.set_thread_local_layout(storage.tls, own_pointers, own_vectors);
    static_writes_.set_ranges(std::move(storage.data));
  }
  const ThreadLocalCopies& copies = fibers_.thread_locals();
  fibers_.publish_private_window(copies.low(), options_.thread_local_copies ? copies.span() : 0);
  static_writes_.enable(options_.undo_static_writes);
}

void Execution::modules_changed() {
  StaticStorage storage = scan_static_storage();
  static_writes_.set_ranges(std::move(storage.data));
  bool own_pointers = options_.thread_local_copies && options_.thread_pointer_per_thread;
  if (options_.thread_local_copies && !own_pointers && storage.dynamic_tls) {
    fibers_.start_own_vectors();
  }
}

void Execution::recover(ExecutionResult& result) {
  {
    fibers_.reset_to_main();
    tl_active = nullptr;
    tl_heap_on = false;
    tl_probe_pc = 0;
    if (fault_.signal == -1) {
      result.outcome = Outcome::kHang;
      result.message =
          "no scheduling point for " + std::to_string(options_.hang_timeout_ms) + " ms";
      if (result.thread != kNoThread) result.message += " in T" + std::to_string(result.thread);
      result.message += ", last at " + where(fault_.pc) +
                        " (a loop without shared-memory accesses lineup can see: code built "
                        "without its instrumentation, inline assembly, or a blocking call?)";
    } else if (fault_.signal != 0) {
      result.outcome = Outcome::kCrash;
      result.message = std::string(strsignal(fault_.signal));
      if (fault_.signal == SIGABRT && !assertion_.empty()) {
        result.message += " (" + assertion_ + ")";
      }
      if ((fault_.signal == SIGSEGV || fault_.signal == SIGBUS) && !fault_.sent) {
        char buf[64];
        std::snprintf(buf, sizeof buf, " accessing 0x%lx", static_cast<unsigned long>(fault_.addr));
        result.message += buf;
      }
      if (result.thread != kNoThread) result.message += " in T" + std::to_string(result.thread);
      result.message += " at " + where(fault_.pc);
    }
  }
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

void Execution::fiber_main(int thread) { tl_execution->run_thread(thread); }

void Execution::start_thread(ThreadId t) {
  fibers_.prepare(t, &Execution::fiber_main);
  auto [lo, hi] = fibers_.stack_range(t);
  stacks_low_ = std::min(stacks_low_, lo);
  stacks_high_ = std::max(stacks_high_, hi);
  stacks_span_ = stacks_high_ - stacks_low_;
  fibers_.switch_to(t);
}

void Execution::on_data_race(const WeakMemory::Race& race, uintptr_t pc) {
  if (!options_.race_suppressions.empty()) {
    const std::string here = where(pc);
    const std::string there =
        race.other_step < trace_->steps.size() ? where(trace_->steps[race.other_step].pc) : "";
    for (const std::string& pattern : options_.race_suppressions) {
      if (here.find(pattern) != std::string::npos || there.find(pattern) != std::string::npos) {
        ++result_->suppressed_races;
        return;
      }
    }
  }
  abort(Outcome::kDataRace, race.message + ", at " + where(pc));
}

void Execution::run_thread(ThreadId t) {
  const std::vector<Call>& calls = program_->threads[static_cast<size_t>(t)];
  ThreadState& me = threads_[static_cast<size_t>(t)];
  resume(t);
  for (size_t i = 0; i < calls.size(); ++i) {
    flush_deferred_write();
    me.call = static_cast<int32_t>(trace_->calls.size());
    trace_->calls.push_back({t, static_cast<int>(i), trace_->steps.size(), 0, false});
    if (weak_) trace_->call_clocks.push_back({weak_->clock(t), {}});
    me.spin.clear();
    me.latest_only.clear();
    std::string error;
    try {
      tl_heap_on = true;
      tl_active = this;
      const Call& call = calls[i];
      if (call.invoke != nullptr) {
        *call.result = call.invoke(call.context, *call.object, call.op, call.arg);
      } else {
        call.body();
      }
      tl_active = nullptr;
      tl_heap_on = false;
    } catch (const std::exception& e) {
      error = std::string("uncaught exception: ") + e.what();
    } catch (...) {
      error = "uncaught exception of unknown type";
    }
    tl_active = nullptr;
    tl_heap_on = false;
    // abort() leaves by longjmp, so it must not run inside the catch block: the exception
    // would stay registered as caught.
    if (!error.empty()) {
      result_->thread = t;
      abort(Outcome::kUncaughtException, error + " in " + calls[i].name);
    }
    flush_deferred_write();
    CallSpan& span = trace_->calls[static_cast<size_t>(me.call)];
    span.end_step = trace_->steps.size();
    span.completed = true;
    if (weak_) trace_->call_clocks[static_cast<size_t>(me.call)].response = weak_->clock(t);
    me.call = -1;
    me.spin.clear();
  }
  // The thread's thread_local destructors, as its last steps.
  std::string error;
  tl_heap_on = true;
  tl_active = this;
  bool exits_ok = thread_exits_.run(error);
  tl_active = nullptr;
  tl_heap_on = false;
  flush_deferred_write();
  if (!exits_ok) {
    result_->thread = t;
    abort(Outcome::kUncaughtException, "uncaught exception in a thread_local destructor: " + error);
  }
  finish_thread();
}

void Execution::finish_thread() {
  ThreadId me = current_thread();
  unfinished_ &= ~(uint64_t{1} << me);
  private_span_ = 0;
  if (starting_ && me + 1 < thread_count_) start_thread(me + 1);  // never back here
  starting_ = false;
  ThreadId next = choose();
  fibers_.switch_to(next == kNoThread ? kMainContext : next);
}

void Execution::abort(Outcome outcome, std::string message) {
  tl_active = nullptr;
  tl_heap_on = false;
  result_->outcome = outcome;
  result_->message = std::move(message);
  if (result_->thread == kNoThread) result_->thread = current_thread();
  longjmp(abort_env_, 1);
}

void Execution::abort_at_call(Outcome outcome, std::string_view call, uintptr_t caller,
                              std::string_view why) {
  std::string message;
  {
    EngineSection engine;
    message = std::string(call) + " called";
    if (current_thread() != kNoThread) message += " in T" + std::to_string(current_thread());
    message += " at " + where(call_site(caller));
    message += why;
  }
  abort(outcome, std::move(message));
}

void Execution::on_signal(int sig, uintptr_t fault_addr, uintptr_t pc, bool sent) {
  // Runs in the signal handler: record only; the message is composed after the jump.
  tl_active = nullptr;
  tl_heap_on = false;
  fault_ = Fault{sig, fault_addr, pc, sent};
  result_->thread = current_thread();
  longjmp(abort_env_, 1);
}

void Execution::on_watchdog_tick(int elapsed_ms, uintptr_t pc) {
  if (watchdog_.tick(elapsed_ms, options_.hang_timeout_ms)) {
    on_signal(-1, 0, pc);  // -1 marks the hang for run()
  }
}

void Execution::on_free(void* p) {
  EngineSection engine;
  ThreadId me = current_thread();
  switch (heap_.deallocate(p, me, trace_->steps.size())) {
    case Heap::FreeResult::kOk:
      if (weak_) {
        BlockInfo b = heap_.block_at(reinterpret_cast<uintptr_t>(p));
        weak_->forget(b.start, b.size);
      }
      return;
    case Heap::FreeResult::kDoubleFree: {
      BlockInfo b = heap_.block_at(reinterpret_cast<uintptr_t>(p));
      abort(
          Outcome::kDoubleFree,
          "double free of heap block " + block_names_.name(b) + " (first freed by " +
              (b.freed_by < 0 ? std::string("setup/teardown") : "T" + std::to_string(b.freed_by)) +
              " before step " + std::to_string(b.free_step) + ")");
    }
    case Heap::FreeResult::kInvalid: {
      char buf[80];
      std::snprintf(buf, sizeof buf, "free of 0x%lx, which is not a heap block",
                    static_cast<unsigned long>(reinterpret_cast<uintptr_t>(p)));
      abort(Outcome::kInvalidFree, buf);
    }
  }
}

void Execution::on_reuse(void* p, uint32_t replaced) {
  EngineSection engine;
  block_names_.note_reuse(reinterpret_cast<uintptr_t>(p), replaced, trace_->steps.size());
}

void Execution::thread_local_access(uintptr_t addr, uint32_t size) {
  // The same byte in the main context's block, which the copies are laid out for.
  addr -= fibers_.tls_delta(fibers_.current());
  ThreadLocalCopies& copies = fibers_.thread_locals();
  if (copies.tracked(addr, size)) return;
  EngineSection engine;
  copies.track(fibers_.current(), addr, size);
}

void Execution::thread_local_address_shared(uintptr_t at) {
  if (options_.thread_pointer_per_thread || !options_.thread_pointer_on_escape) return;
  // A thread's pointers to its own thread-locals or locals, kept there, reach no one else.
  if (thread_private(at) || on_own_stack(current_thread(), at)) return;
  result_->thread_pointer_switched = true;
  abort(Outcome::kAbandoned, "a thread-local's address reached shared memory");
}

void Execution::unscheduled_use_after_free(uintptr_t addr, uint32_t size, uintptr_t pc) {
  EngineSection engine;
  Transition t;
  t.addr = addr;
  t.size = size;
  t.pc = pc;
  t.thread = current_thread();
  BlockInfo b = heap_.block_at(addr);
  abort(Outcome::kUseAfterFree, "T" + std::to_string(t.thread) + " accessed heap block " +
                                    block_names_.name(b) + " after it was freed, at " + where(pc));
}

std::string Execution::where(uintptr_t pc) const { return symbolizer().describe(pc); }

}  // namespace lineup::engine
