// Scheduling points: recording a thread's pending transition, asking the strategy who runs
// next, switching fibers only when the chosen thread changes, and deciding which threads are
// blocked (locks, condition variables, predicates, spinning). The body of a step itself is in
// step_inline.h; this file has what it calls out of line.
#include <bit>
#include <cstring>
#include <utility>

#include "engine/diagnostics/call_site.h"
#include "engine/execution.h"
#include "engine/memory/heap.h"
#include "engine/modes.h"
#include "engine/step_inline.h"

namespace lineup::engine {

void Execution::note_foreign_stack_access(ThreadId me, uintptr_t addr) {
  if (addr - stacks_low_ >= stacks_span_) return;
  const ThreadId t = stack_owner(addr);
  if (t == kNoThread || t == me) return;
  ThreadState& owner = threads_[static_cast<size_t>(t)];
  if (!owner.stack_shared(addr)) owner.shared_stack.push_back(addr);
  // The pointer came by a way no hook saw (uninstrumented code): from now on, at least.
  // Only plain accesses are ever left out as private (atomics-only mode leaves out all).
  if (!owner.stack_published && options_.schedule_plain_accesses && !options_.private_stack_steps) {
    ++result_->late_stack_publications;
  }
  owner.stack_published = true;
}

ThreadId Execution::stack_owner(uintptr_t addr) const {
  for (ThreadId t = 0; t < thread_count_; ++t) {
    if (on_own_stack(t, addr)) return t;
  }
  return kNoThread;
}

void Execution::publish_stack(uintptr_t pointer, uintptr_t at) {
  const ThreadId t = stack_owner(pointer);
  // A thread's pointers to its own locals, kept in its own stack, reach no one else.
  if (t == kNoThread || on_own_stack(t, at)) return;
  threads_[static_cast<size_t>(t)].stack_published = true;
  if (pointer - private_low_ < private_span_) private_span_ = 0;
}

void Execution::scan_range_write() {
  const RangeWrite r = range_write_;
  --range_write_.entries_left;
  for (uintptr_t w = r.addr & ~uintptr_t{7}; w < r.addr + r.size; w += 8) {
    note_written_value(SpinWindow::load(w, 8), w);
  }
}

bool Execution::private_stack_access_slow(uintptr_t addr, uint32_t size, bool write, uintptr_t pc) {
  // The previous write first: it may publish the stack (and for the spin window, its value
  // comes before this access, as after_step and capture_deferred_write would order them).
  flush_deferred_write();
  if (addr - private_low_ >= private_span_) return false;
  ThreadState& self = *private_owner_;
  if (spin_neutral(addr)) return true;
  if (!write) {
    if (size <= 8) self.spin.add_read(pc, addr, size, SpinWindow::load(addr, size));
  } else if (size <= 8) {
    private_write_ = {addr, pc, size, &self};
    captures_due_ = true;
  } else {
    self.spin.clear();
  }
  return true;
}

void Execution::capture_private_write() {
  const PrivateWrite w = private_write_;
  private_write_.size = 0;
  w.owner->spin.add_stack_write(w.pc, w.addr, w.size, SpinWindow::load(w.addr, w.size));
}

Transition& Execution::step(const Transition& pending) { return step_inline(pending); }

uint32_t Execution::decide(const Choice& choice) {
  uint32_t pick = strategy_->choose(choice);
  if (pick >= choice.options) {
    abort(Outcome::kDivergence, "the strategy chose option " + std::to_string(pick) + " of " +
                                    std::to_string(choice.options) + " at step " +
                                    std::to_string(choice.step));
  }
  result_->schedule.stale.push_back(staleness(choice, pick));
  return pick;
}

void Execution::capture_deferred_write() {
  Transition& w = trace_->steps[deferred_write_];
  deferred_write_ = kNone;
  w.value = SpinWindow::load(w.addr, w.size);
  w.flags |= kValueKnown;
  note_written_value(w.value, w.addr);
  if (on_own_stack(w.thread, w.addr)) {
    threads_[static_cast<size_t>(w.thread)].spin.add_stack_write(w.pc, w.addr, w.size, w.value);
  }
}

ThreadId Execution::choose() { return choose_inline(); }

ThreadId Execution::ask_strategy(uint64_t enabled) {
  const SchedulingPoint point{.enabled = enabled,
                              .unfinished = unfinished_,
                              .previous = previous_,
                              .thread_count = thread_count_,
                              .pending = pending_,
                              .trace = trace_,
                              .step = trace_->steps.size()};
  Decision decision = strategy_->next_thread(point);
  if (decision.kind == Decision::Kind::kStop) {
    abort(Outcome::kDivergence, strategy_->stop_reason());
  }
  if (decision.kind == Decision::Kind::kAbandon) abort(Outcome::kAbandoned, "");
  ThreadId next = decision.thread;
  if (next < 0 || next >= thread_count_ || !((enabled >> next) & 1)) {
    abort(Outcome::kDivergence, "the strategy chose T" + std::to_string(next) +
                                    ", which cannot run at step " + std::to_string(point.step));
  }
  return next;
}

void Execution::resolve_stall() {
  // Time passes only when nothing else can happen: the timed wait with the earliest deadline
  // (the oldest of those) times out, and the clock moves to its deadline.
  if (const Deadline* deadline = condition_variables_.time_out_first(clock_)) {
    ++result_->forced_timeouts;
    clock_.sleep_until(*deadline);
    return;
  }
  if (retry_cut_count_ > 0) {
    // A thread cut at a round that changed nothing would go round again in the program; if
    // a location that round read has changed, the next round may end otherwise, and the
    // execution in which this thread starts that round after the change is explored
    // instead (the read and the write that changed it race). Otherwise it would spin for
    // ever: a wait like any other below.
    for (ThreadId t = 0; t < thread_count_; ++t) {
      const RetryRounds& r = threads_[static_cast<size_t>(t)].retry;
      if (r.cut() && !r.stuck()) {
        result_->retry_cut_loop = r.loop();
        abort(Outcome::kAbandoned, "");
      }
    }
  }
  if (spin_blocked_count_ > 0) {
    // Consecutive stalls in the same state (the same calls done, every thread waiting at the
    // same instruction for the same values) mean that letting the spinners go round changed
    // nothing; any other stall starts the count afresh.
    uint64_t state = trace_->calls.size();
    for (int t = 0; t < thread_count_; ++t) {
      const ThreadState& s = threads_[static_cast<size_t>(t)];
      state = SpinWindow::mix(state, finished(t) ? 0 : pending_[t].pc);
      state = SpinWindow::mix(state, s.spin_blocked ? s.spin.watch_hash() : 1);
    }
    spin_rounds_ = state == stall_state_ ? spin_rounds_ + 1 : 1;
    stall_state_ = state;
    if (spin_rounds_ > options_.spin_rounds_limit) {
      // Every thread waits for a write no thread can make any more: a cyclic wait, whether
      // the waiting is done by spinning or by blocking.
      abort(Outcome::kDeadlock,
            "deadlock: every unfinished thread waits for memory no other thread will change (" +
                describe_waits() + ")");
    }
    // Bounded waits may still exit: let the spinners go round once more.
    for (ThreadId t = 0; t < thread_count_; ++t) {
      ThreadState& s = threads_[static_cast<size_t>(t)];
      if (s.spin_blocked) {
        s.spin_blocked = false;
        s.spin.clear();
        note_may_wait(t);
      }
    }
    spin_blocked_count_ = 0;
    return;
  }
  abort(Outcome::kDeadlock, "deadlock: " + describe_waits());
}

std::string Execution::describe_waits() {
  std::string out;
  for (ThreadId t = 0; t < thread_count_; ++t) {
    if (finished(t)) continue;
    const ThreadState& s = threads_[static_cast<size_t>(t)];
    const Transition& p = pending_[t];
    if (!out.empty()) out += "; ";
    out += "T" + std::to_string(t) + " ";
    char addr[32];
    std::snprintf(addr, sizeof addr, "0x%lx", static_cast<unsigned long>(p.addr));
    if (s.retry.cut()) {
      out += "spins in the retry loop at " + std::string(s.retry.loop()) +
             ", whose rounds read the same values and change nothing,";
    } else if (s.spin_blocked) {
      out += "spins reading " + std::string(addr);
    } else if (p.kind == Kind::kLock || p.kind == Kind::kReadLock) {
      out += "waits for lock " + std::string(addr) + locks_.describe_holders(p.addr);
    } else if (p.kind == Kind::kCondWake) {
      out += "waits on condition variable " + std::string(addr);
    } else if (p.kind == Kind::kAwait && p.addr != 0) {
      out += "waits in a futex wait (C++20 atomic wait, semaphore, latch or barrier) for " +
             std::string(addr) + " to change";
    } else if (p.kind == Kind::kAwait) {
      out += "waits in block_until";
    } else {
      out += "is runnable";
    }
    // A wait in library code (a condition variable's, a lock's) is named by the structure's
    // frame first, then the library's.
    const bool waits = p.kind == Kind::kCondWake || p.kind == Kind::kAwait;
    const bool locks = p.kind == Kind::kLock || p.kind == Kind::kReadLock;
    if (s.spin_blocked || s.retry.cut() || (!waits && !locks)) {
      out += " at " + where(p.pc);
    } else {
      out += " at " + describe_call_site(p.pc, waits ? s.wait_site : 0);
    }
  }
  return out;
}

}  // namespace lineup::engine
