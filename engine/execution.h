// One controlled execution of a Program: the logical threads' fibers, their pending
// transitions, the trace, and the step loop that asks the strategy who runs next. The
// synchronisation objects that decide which threads can run own their state in classes of
// their own (Locks, ConditionVariables, PredicateWaits), as do thread-specific data
// (ThreadSpecifics), thread exit functions (ThreadExits) and hang detection (Watchdog); the
// Execution holds one of each and consults them. The interposed functions (tsan hooks, malloc,
// pthread) call into the Execution running on their OS thread, or into its objects; see
// engine/modes.h for how they find it.
#pragma once

#include <csetjmp>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/diagnostics/call_site.h"
#include "engine/execution_listener.h"
#include "engine/memory/block_names.h"
#include "engine/memory/heap.h"
#include "engine/memory/static_writes.h"
#include "engine/memory/weak_memory.h"
#include "engine/modes.h"
#include "engine/options.h"
#include "engine/outcome.h"
#include "engine/program.h"
#include "engine/strategy/strategy.h"
#include "engine/thread_state.h"
#include "engine/threads/fibers.h"
#include "engine/threads/thread_exits.h"
#include "engine/threads/thread_specifics.h"
#include "engine/waiting/condition_variables.h"
#include "engine/waiting/locks.h"
#include "engine/waiting/predicate_waits.h"
#include "engine/waiting/virtual_clock.h"
#include "engine/waiting/watchdog.h"

namespace lineup::engine {

class Execution {
 public:
  Execution(const EngineOptions& options, Fibers& fibers,
            std::vector<ExecutionListener*>& listeners);
  /// Undoes the last execution's writes to static data.
  ~Execution();
  Execution(const Execution&) = delete;
  Execution& operator=(const Execution&) = delete;

  /// Runs `program` once under `strategy` (begin_execution already called) into `result`.
  void run(const Program& program, Strategy& strategy, ExecutionResult& result);

  // --- Called by the interposed functions -------------------------------------------------

  /// A scheduling point: `pending` becomes the current thread's next transition; returns once
  /// the strategy has chosen this thread, with the step appended to the trace. Memory kinds
  /// are checked against freed heap blocks first.
  Transition& step(const Transition& pending);
  /// The same, inline where included (step_inline.h): for the hooks that take most steps.
  Transition& step_inline(const Transition& pending);
  /// Fills in the value of the previous plain write, which the hook could not see (the
  /// compiler performs the store after the hook returns).
  void flush_deferred_write() {
    if (!captures_due_) return;  // one test at every engine entry, for all three below
    if (deferred_write_ != kNone) capture_deferred_write();
    if (private_write_.size != 0) capture_private_write();
    if (range_write_.entries_left != 0) scan_range_write();
    captures_due_ = range_write_.entries_left != 0;
  }
  /// Marks a plain write as needing its value captured at the next engine entry; a write of
  /// more than 8 bytes has its bytes looked at for a pointer into a stack instead
  /// (scan_range_write).
  void defer_write_value(Transition& t) {
    if (t.size <= 8) {
      deferred_write_ = trace_->steps.size() - 1;
    } else {
      range_write_ = {t.addr, t.size, 2};
    }
    captures_due_ = true;
  }
  /// Whether a plain access to [addr, addr + size) is to the running thread's own stack while
  /// no pointer into that stack has been published: no other thread can reach it, so it is
  /// no step (EngineOptions::private_stack_steps); the spin window records it. Inline: every
  /// plain access asks, and nearly all are to the heap.
  bool private_stack_access(uintptr_t addr, uint32_t size, bool write, uintptr_t pc) {
    return addr - private_low_ < private_span_ && private_stack_access_slow(addr, size, write, pc);
  }
  /// Checks an access that is not a scheduling point (atomics-only mode) against freed blocks.
  /// Inline (heap.h): every such access asks; only a use after free leaves the hook's path.
  inline void check_unscheduled_access(uintptr_t addr, uint32_t size, uintptr_t pc);
  /// Whether check_unscheduled_access would report a use after free.
  inline bool unscheduled_access_touches_freed(uintptr_t addr, uint32_t size) const;
  /// The same for an address known to lie in the heap's arena.
  inline bool arena_access_touches_freed(uintptr_t addr, uint32_t size) const;
  /// free() of an arena pointer during this execution.
  void on_free(void* p);
  /// A failed assert() in controlled code, about to abort: its text goes into the crash's
  /// message, next to the report, instead of to stderr once per execution.
  void note_assertion(std::string text) { assertion_ = std::move(text); }
  /// Controlled code was given block `p` of `size` bytes, allocation number `ordinal`, by the
  /// call returning to `site`, at the place of freed block `replaced` (an allocation number; 0:
  /// a new place), for block_names().
  void on_allocation(void* p, size_t size, uint32_t ordinal, uint32_t replaced, uintptr_t site);
  /// Names of this execution's heap blocks (valid until the next execution starts).
  const BlockNames& block_names() const { return block_names_; }
  /// Stops the execution with a failure; never returns (longjmps to run()).
  [[noreturn]] void abort(Outcome outcome, std::string message);
  /// c11 mode: `race` ends at the access at `pc`. Stops the execution as Outcome::kDataRace,
  /// unless EngineOptions::race_suppressions matches either access: then counts it
  /// (ExecutionResult::suppressed_races) and returns.
  void on_data_race(const WeakMemory::Race& race, uintptr_t pc);
  /// Controlled code called `call` (as it should read in the report: "exit(3)", "fork()"),
  /// a replaced function that ends the execution as `outcome`; `caller` is the replaced
  /// function's return address. The message is "<call> called in T<n> at <file:line function>"
  /// (the frame of the code under test that made the call, call_site.h), then `why`. Never
  /// returns.
  [[noreturn]] void abort_at_call(Outcome outcome, std::string_view call, uintptr_t caller,
                                  std::string_view why);
  /// From the signal handler: a fatal signal in controlled code, `sent` when a process sent it
  /// (kill, raise: `fault_addr` is no address then). Never returns.
  [[noreturn]] void on_signal(int sig, uintptr_t fault_addr, uintptr_t pc, bool sent = false);
  /// From the watchdog timer's signal handler, while controlled code runs: stops the execution
  /// as a hang when it has made no step for the hang timeout. `elapsed_ms` is the tick period.
  void on_watchdog_tick(int elapsed_ms, uintptr_t pc);
  /// The logical thread running now (kNoThread in setup/teardown).
  ThreadId current_thread() const {
    const int c = fibers_.current();
    return c == kMainContext ? kNoThread : c;
  }
  const EngineOptions& options() const { return options_; }
  /// The weak memory model of c11 mode; nullptr in SC mode (one test on the atomic hooks'
  /// path is all SC mode pays).
  WeakMemory* weak_memory() const { return weak_; }
  /// c11 mode: whether thread t's atomic reads of `addr` must read the newest store, because
  /// a spin loop of its current call went round re-reading a stale value there (see
  /// step_inline). C++ makes every store visible to loads within a finite time; lineup makes it
  /// visible to a spinning thread after two rounds, which keeps executions finite and spares
  /// the report a deadlock that is none.
  bool reads_latest_only(ThreadId t, uintptr_t addr) const {
    for (uintptr_t a : threads_[static_cast<size_t>(t)].latest_only) {
      if (a == addr) return true;
    }
    return false;
  }
  /// c11 mode: thread t's atomic read at (pc, addr), just made, read an older value than the
  /// newest store's.
  void note_stale_read(ThreadId t, uintptr_t pc, uintptr_t addr) {
    threads_[static_cast<size_t>(t)].spin.mark_stale(pc, addr);
  }
  /// From the hooks of a marked retry loop (plugin/retry_loops.cpp): the current thread enters
  /// `loop` ("file:line:col"), or, `again`, goes round it. With
  /// EngineOptions::cut_retry_rounds in SC mode, a round that changed nothing disables the
  /// thread for good before its next step (retry_rounds.h).
  void on_retry_round(const char* loop, bool again);
  /// The trace index of the step just made.
  size_t last_step() const { return trace_->steps.size() - 1; }

  /// Describes code address `pc` for messages (function, file and line).
  std::string where(uintptr_t pc) const;
  /// " (allocated at queue.h:55)" for a heap block allocated by the call returning to `site`
  /// (BlockNames::site); "" when not known.
  static std::string allocated_at(uintptr_t site);
  /// The current thread starts a wait (a condition variable's, block_until's) at return
  /// address `pc`: where it waits from is remembered for a deadlock's report (wait_site).
  void note_wait_site(uintptr_t pc);

  // --- The execution's objects, each owning its state -----------------------------------

  /// Mutexes, rwlocks and spin locks.
  Locks& locks() { return locks_; }
  /// Condition variables.
  ConditionVariables& condition_variables() { return condition_variables_; }
  /// Futex waits and block_until.
  PredicateWaits& predicate_waits() { return predicate_waits_; }
  /// pthread_getspecific / pthread_setspecific tables.
  ThreadSpecifics& thread_specifics() { return thread_specifics_; }
  /// Thread exit functions (thread_local destructors) of controlled code, run when their
  /// logical thread ends, as steps of that thread (setup's and teardown's after teardown).
  ThreadExits& thread_exits() { return thread_exits_; }

  /// Controlled code (a logical thread, setup or teardown) is about to access
  /// [addr, addr + size): a thread-local byte joins the per-thread copies, and a write to
  /// static data is logged to be undone after the execution.
  void static_access(uintptr_t addr, uint32_t size, bool write) {
    if (thread_private(addr)) {
      thread_local_access(addr, size);
    } else if (write && static_writes_.covers(addr)) {
      EngineSection engine;
      static_writes_.note(addr, size);
    }
  }
  /// Whether static_access(addr, size, write) would do anything. Every plain access of
  /// controlled code asks this first, and nearly all of them are to the heap or a stack:
  /// both tests are inline, and only a yes leads to static_access().
  bool static_access_matters(uintptr_t addr, bool write) const {
    return thread_private(addr) || (write && static_writes_.covers(addr));
  }
  /// Whether an access to `addr` is to a thread-local byte that is no step: with value copies,
  /// every logical thread's copy is at the same address, where accesses would look like races
  /// between them. With a thread pointer per logical thread each copy has an address of its
  /// own, and other threads may reach it through a pointer (a reader record that liburcu
  /// links into its registry), so accesses to it are steps like any other.
  bool unscheduled_thread_local(uintptr_t addr) const {
    return thread_private(addr) && !options_.thread_pointer_per_thread;
  }
  /// Controlled code loaded or unloaded a module (dlopen, dlclose): a newly loaded
  /// instrumented module's writes are undone from now on, an unloaded one's are not, and a
  /// module with dynamic TLS gives every context blocks of its own from now on; the TLS
  /// layout follows at the next execution. Call outside controlled code (EngineSection).
  void modules_changed();
  /// Controlled code moves `value` through memory at `at`: stores it there, reads it from
  /// there, or compares what is there with it. A thread-local's address (tag bits ignored) in
  /// memory other threads can reach may tell threads apart by address: with
  /// EngineOptions::thread_pointer_on_escape and one thread pointer for all, the execution ends
  /// (ExecutionResult::thread_pointer_switched). Inline: every atomic access of 8 bytes or more
  /// and every plain step of 8 bytes asks, and nearly all values are no such address.
  void note_shared_value(uint64_t value, uintptr_t at) {
    if (thread_local_address(value)) thread_local_address_shared(at);
  }
  /// The time controlled code sees (virtual_clock.h), started afresh by every execution.
  VirtualClock& clock() { return clock_; }

 private:
  static constexpr size_t kNone = static_cast<size_t>(-1);
  static constexpr uint64_t kAddressBits = (uint64_t{1} << 48) - 1;

  /// A fatal signal in controlled code, recorded by on_signal for run() to report.
  struct Fault {
    int signal = 0;  // -1 for a hang (on_watchdog_tick)
    uintptr_t addr = 0, pc = 0;
    bool sent = false;    // sent by a process (kill, raise), not raised by a fault: no address
    CallerChain callers;  // the stack the signal interrupted, from its handler
  };

  /// Where the signal of fault_ came (where()), after the first frame above it in code with
  /// source of its own when its own frames have none (call_site.h).
  std::string where_interrupted() const;
  static void fiber_main(int thread);
  /// Runs thread `t`'s fiber from its start up to its first scheduling point, where it starts
  /// the next thread or, the last, makes the first choice (see run()).
  void start_thread(ThreadId t);
  void run_thread(ThreadId t);
  /// Runs setup or teardown on the main context; false (with the outcome set) if it threw.
  bool run_alone(const std::function<void()>& fn, const char* what, ExecutionResult& result);
  /// After a longjmp out of a crash or hang: back to the main context, outcome set.
  void recover(ExecutionResult& result);
  /// Asks the strategy which thread runs next among those enabled (kNoThread: none is left).
  ThreadId choose();
  ThreadId choose_inline();  // the same, inline in step_inline()
  /// The strategy's decision among `enabled` (not empty), by a SchedulingPoint; aborts the
  /// execution when the strategy stops or abandons it, or picks a thread that cannot run.
  ThreadId ask_strategy(uint64_t enabled);
  /// Asks the strategy to decide a memory-model choice and records it in the schedule.
  uint32_t decide(const Choice& choice);
  bool enabled(ThreadId t);
  bool finished(ThreadId t) const { return ((unfinished_ >> t) & 1) == 0; }
  /// Sets thread t's bit of may_wait_ from its pending transition and spin state: set when
  /// it spins or its pending transition is of a kind enabled() may refuse.
  void note_may_wait(ThreadId t) {
    constexpr auto kind_bit = [](Kind k) { return uint32_t{1} << static_cast<unsigned>(k); };
    constexpr uint32_t kMayBlock = kind_bit(Kind::kLock) | kind_bit(Kind::kReadLock) |
                                   kind_bit(Kind::kCondWake) | kind_bit(Kind::kAwait);
    const uint64_t bit = uint64_t{1} << t;
    const auto& s = threads_[static_cast<size_t>(t)];
    const bool blocks = ((kMayBlock >> static_cast<unsigned>(pending_[t].kind)) & 1) != 0;
    may_wait_ = blocks || s.spin_blocked || s.retry.cut() ? may_wait_ | bit : may_wait_ & ~bit;
  }
  void resolve_stall();
  std::string describe_waits();
  /// Whether `addr` is in one of options_.spin_neutral_ranges. Inline, as the next two, for
  /// step_inline() wherever it is included.
  bool spin_neutral(uintptr_t addr) const {
    for (const auto& [lo, hi] : options_.spin_neutral_ranges) {
      if (addr >= lo && addr < hi) return true;
    }
    return false;
  }
  /// Whether `addr` is on logical thread `t`'s fiber stack.
  bool on_own_stack(ThreadId t, uintptr_t addr) const {
    if (t < 0) return false;
    auto [lo, hi] = fibers_.stack_range(t);
    return addr >= lo && addr < hi;
  }
  /// The logical thread whose fiber stack holds `addr` (kNoThread: none).
  ThreadId stack_owner(uintptr_t addr) const;
  /// Records an access of thread `me` to `addr` if it is on another thread's stack.
  void note_foreign_stack_access(ThreadId me, uintptr_t addr);
  void after_step(Transition& rec);
  bool private_stack_access_slow(uintptr_t addr, uint32_t size, bool write, uintptr_t pc);
  /// Thread `t` runs (again): its stack is the private one, if it is still private.
  void resume(ThreadId t) {
    ThreadState& s = threads_[static_cast<size_t>(t)];
    if (s.stack_published || options_.private_stack_steps) {
      private_span_ = 0;
      return;
    }
    auto [lo, hi] = fibers_.stack_range(t);
    private_low_ = lo;
    private_span_ = hi - lo;
    private_owner_ = &s;
  }
  void capture_private_write();
  /// A write of `value` to `at`: if `value` points into a logical thread's stack (tag bits
  /// in the top 16 bits ignored) and `at` is not on that stack, the stack is published.
  void note_written_value(uint64_t value, uintptr_t at) {
    if ((value & kAddressBits) - stacks_low_ < stacks_span_)
      publish_stack(value & kAddressBits, at);
    note_shared_value(value, at);
  }
  void publish_stack(uintptr_t pointer, uintptr_t at);
  /// note_written_value for each aligned word of range_write_, at the next two engine entries:
  /// a struct copy calls the write's hook, then the read's, and only then copies.
  void scan_range_write();
  /// Reports the use after free check_unscheduled_access found. Never returns.
  [[noreturn]] void unscheduled_use_after_free(uintptr_t addr, uint32_t size, uintptr_t pc);
  /// note_shared_value found a thread-local's address moving through `at`.
  __attribute__((noinline)) void thread_local_address_shared(uintptr_t at);
  /// static_access of a thread-local byte.
  void thread_local_access(uintptr_t addr, uint32_t size);
  void capture_deferred_write();
  void finish_thread();
  /// Lays out static storage for the calling OS thread, once per OS thread and again after a
  /// module was loaded or unloaded.
  void lay_out_static_storage();

  const EngineOptions& options_;
  Fibers& fibers_;
  std::vector<ExecutionListener*>& listeners_;
  Heap& heap_;

  // Per-execution state, reset by run().
  const Program* program_ = nullptr;
  Strategy* strategy_ = nullptr;
  // strategy_->uniform_state(): when set, each choice is made inline from it.
  uint64_t* uniform_ = nullptr;
  ExecutionResult* result_ = nullptr;
  Trace* trace_ = nullptr;
  int thread_count_ = 0;
  // The span of the program's threads' stacks, [stacks_low_, stacks_low_ + stacks_span_): a
  // cheap first test for note_foreign_stack_access.
  uintptr_t stacks_low_ = 0, stacks_span_ = 0;
  uintptr_t stacks_high_ = 0;  // while threads start: the highest end of their stacks so far
  // The running thread's stack while it is private, [private_low_, private_low_ +
  // private_span_) (span 0: none), and that thread's state: private_stack_access's test.
  uintptr_t private_low_ = 0, private_span_ = 0;
  ThreadState* private_owner_ = nullptr;
  bool starting_ = false;
  ThreadId previous_ = kNoThread;
  int spin_rounds_ = 0;       // consecutive stalls in the same state (resolve_stall)
  uint64_t stall_state_ = 0;  // hash of that state
  int spin_blocked_count_ = 0;
  int retry_cut_count_ = 0;  // threads cut at a retry round that changed nothing
  // The threads not finished, and among them those that may not be enabled: their pending
  // transition is a synchronisation operation, or they spin. The others' memory accesses and
  // fences are always enabled, so choose() looks only at these (bit t for thread t).
  uint64_t unfinished_ = 0, may_wait_ = 0;
  // Whether flush_deferred_write() has anything to do: deferred_write_, private_write_ or
  // range_write_ is set.
  bool captures_due_ = false;
  size_t deferred_write_ = kNone;
  // A plain write to the running thread's unpublished stack, whose value the spin window
  // takes at the next engine entry (size 0: none).
  struct PrivateWrite {
    uintptr_t addr = 0, pc = 0;
    uint32_t size = 0;
    ThreadState* owner = nullptr;
  } private_write_;
  // A plain write of more than 8 bytes, still to be looked at for pointers into a stack.
  struct RangeWrite {
    uintptr_t addr = 0;
    uint32_t size = 0;
    int entries_left = 0;  // engine entries at which to look (0: none)
  } range_write_;
  std::vector<ThreadState> threads_;
  Transition pending_[kMaxThreads];
  Locks locks_;
  ConditionVariables condition_variables_;
  PredicateWaits predicate_waits_;
  ThreadSpecifics thread_specifics_{fibers_};
  ThreadExits thread_exits_{fibers_};
  StaticWrites static_writes_;
  BlockNames block_names_;
  uintptr_t laid_out_for_ = 0;  // the thread pointer static storage was laid out for
  bool laid_out_with_own_pointers_ = false;
  uint64_t laid_out_changes_ = 0;  // module_changes() when it was laid out
  VirtualClock clock_;
  uint64_t setup_readings_ = 0;  // clock readings before the threads started
  jmp_buf abort_env_;
  Fault fault_;
  std::string assertion_;  // the failed assertion that aborted the execution, if any
  Watchdog watchdog_;
  WeakMemory weak_model_;
  WeakMemory* weak_ = nullptr;  // &weak_model_ in c11 mode
};

inline bool Execution::unscheduled_access_touches_freed(uintptr_t addr, uint32_t size) const {
  return heap_.owns(reinterpret_cast<void*>(addr)) && heap_.touches_freed(addr, size);
}

inline bool Execution::arena_access_touches_freed(uintptr_t addr, uint32_t size) const {
  return heap_.touches_freed(addr, size);
}

inline void Execution::check_unscheduled_access(uintptr_t addr, uint32_t size, uintptr_t pc) {
  if (unscheduled_access_touches_freed(addr, size)) unscheduled_use_after_free(addr, size, pc);
}

}  // namespace lineup::engine
