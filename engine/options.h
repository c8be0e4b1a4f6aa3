// Settings of the engine that apply to every execution.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "engine/memory/memory_model.h"

namespace lineup::engine {

struct EngineOptions {
  /// Sequential consistency (the default) or C++11 weak memory (weak_memory.h), where which
  /// store a load reads is a choice the strategy explores (Strategy::choose).
  MemoryModel memory_model = MemoryModel::kSc;
  /// c11 mode: report two plain accesses unordered by happens-before as Outcome::kDataRace.
  /// Off: plain accesses still reset atomic locations they write, but races go unreported
  /// (optimistic reads validated by a later CAS, as in Treiber stacks and Boost.Lockfree's
  /// freelist, are data races by the letter of C++ but not linearizability bugs).
  bool report_data_races = true;
  /// c11 mode: known data races to go past. A race either of whose two accesses is at a place
  /// whose description (`file:line function`, as reports print it) contains one of these is
  /// not reported: the execution goes on, and ExecutionResult::suppressed_races counts it.
  std::vector<std::string> race_suppressions;
  /// Scheduling points at every shared access (true, the default, as CODEX) or only at atomic
  /// operations and lock operations (false; plain accesses then run as thread-local steps).
  bool schedule_plain_accesses = true;
  /// With schedule_plain_accesses: make every plain access to a logical thread's own stack a
  /// step, even while no pointer into that stack has been published. Off (the default): until
  /// a pointer into its stack is written outside it, no other thread can reach a thread's
  /// stack, so its accesses there commute with every other thread's step; they are no
  /// scheduling points, and only spin detection sees them. Counterexamples of format 1 were
  /// recorded with this on.
  bool private_stack_steps = false;
  /// c11 mode: every rmw and compare-exchange that succeeds reads the newest store (as SC
  /// mode's do) instead of any store RC11 lets it read (weak_memory.h). Counterexamples of
  /// format 1 and 2 were recorded this way.
  bool latest_rmws = false;
  /// c11 mode: seq_cst accesses and fences are ordered by RC11's psc rather than by the order
  /// they run in (weak_memory.h, psc.h). They then read and are placed as acquire and release
  /// ones are, and an execution whose psc has a cycle, which RC11 forbids, ends kAbandoned
  /// with ExecutionResult::inconsistent set, whatever it did: nothing it did is reported.
  /// Exact, at the cost of exploring such executions to their end; off, seq_cst events are
  /// ordered as they run (an under-approximation: weak_memory.h names what it leaves out).
  bool rc11_seq_cst = false;
  /// An execution longer than this many steps stops with Outcome::kStepLimit.
  size_t step_limit = 200'000;
  /// Treat threads that repeat identical read-only loop iterations as blocked (spin_window.h).
  /// Needed for spin loops to terminate under unfair schedules; programs without loops over
  /// shared reads can turn it off to have every interleaving of repeated reads explored.
  bool detect_spins = true;
  /// Disable a thread for good when it goes round a retry loop the compiler plugin marked
  /// (plugin/retry_loops.cpp) after a round without effect, and end such an execution as
  /// kAbandoned with ExecutionResult::retry_cut_loop set (engine/waiting/retry_rounds.h). For
  /// an exploration without a bound (verify's DPOR): the execution without that round has the
  /// same history, and it is explored there. SC mode only (c11 mode ignores it: a read there
  /// also changes what the thread may read next).
  bool cut_retry_rounds = false;
  /// Without cut_retry_rounds: record the rounds of marked retry loops that changed nothing in
  /// ExecutionResult::idle_rounds (for counting classes up to such rounds).
  bool record_idle_rounds = false;
  /// When every unfinished thread is blocked and some are spin-blocked, the spinners are let
  /// go again (bounded waits may still exit); after this many stalls in a row in the same
  /// state (the same calls done, each thread waiting at the same place for the same values)
  /// a deadlock is reported.
  int spin_rounds_limit = 64;
  /// Address ranges [first, second) of per-thread bookkeeping that uninstrumented code reads
  /// (a hazard-pointer record: its slots, retired list and sync counter). Spin detection
  /// ignores accesses there: a loop that re-publishes the same hazard pointers on every round
  /// still waits for another thread, not for itself.
  std::vector<std::pair<uintptr_t, uintptr_t>> spin_neutral_ranges;
  /// An execution in which controlled code makes no scheduling point for this long (a loop
  /// without shared accesses, a blocking system call) stops with Outcome::kHang.
  int hang_timeout_ms = 5000;
  /// Give each logical thread its own copy of every thread-local variable controlled code
  /// touches (`thread_local`, `__thread`), starting each execution from the initial values
  /// (thread_local_copies.h). Off: every logical thread shares the OS thread's copy, which
  /// survives from one execution to the next (for tests that show the difference).
  bool thread_local_copies = true;
  /// Also give each logical thread a thread pointer of its own (thread_blocks.h), so each
  /// sees its thread-locals at addresses of its own, as real threads do: for code that
  /// identifies threads by the address of a thread-local. Costs a system call per switch
  /// between logical threads (a few microseconds), so it is off unless a structure asks for it.
  /// Needs thread_local_copies.
  bool thread_pointer_per_thread = false;
  /// Without a thread pointer per logical thread, the engine watches for a thread-local's
  /// address moving through shared memory: a value inside the thread-local window (tag bits
  /// ignored) that controlled code stores atomically, reads by an atomic load or compares by
  /// a compare-exchange (offering it or finding it), writes plainly as a step, or reads plainly
  /// as a step or from the heap, outside thread-locals and the accessing thread's own stack.
  /// The code may then tell threads apart by such addresses, which are all the same with
  /// copies at one address: the execution ends at once as Outcome::kAbandoned with
  /// ExecutionResult::thread_pointer_switched set, and Engine::run turns
  /// thread_pointer_per_thread on for every later execution (whoever explores must start the
  /// program over). Off: every logical thread keeps the one address (for tests that show the
  /// difference). Needs thread_local_copies.
  bool thread_pointer_on_escape = true;
  /// Undo controlled writes to static data after each execution (static_writes.h).
  bool undo_static_writes = true;
  /// Stack size of each logical thread's fiber.
  size_t stack_size = 256 * 1024;
};

}  // namespace lineup::engine
