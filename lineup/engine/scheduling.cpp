// Scheduling points: recording a thread's pending transition, asking the strategy who runs
// next, switching fibers only when the chosen thread changes, and deciding which threads are
// blocked (locks, condition variables, predicates, spinning).
#include <bit>
#include <cstring>
#include <utility>

#include "lineup/engine/execution.h"
#include "lineup/engine/runtime/heap.h"
#include "lineup/engine/runtime/modes.h"

namespace lineup::engine {
namespace {

bool is_memory(Kind k) { return k == Kind::kRead || k == Kind::kWrite || k == Kind::kRmw; }

// A read, or a compare-exchange that would fail against the current memory: the kinds of
// step a spin loop repeats.
bool reads_only_now(const Transition& t) {
  if (t.kind == Kind::kRead) return t.size <= 8;
  if (t.has(kCas)) return SpinWindow::load(t.addr, t.size) != t.expected;
  return false;
}

// `from` as the hooks pass it: built on their stack field by field just before the call.
// Copied field by field too, each load the width of the store that wrote it: the 16-byte
// loads of a whole-struct copy would span several of those stores, which the processor
// cannot forward, and each step would wait for them to reach the cache. The empty asm
// statements keep the compiler from merging the loads back into wide ones.
void copy_fresh(Transition& to, const Transition& from) {
  auto field = [](auto v) {
    asm("" : "+r"(v));
    return v;
  };
  to.addr = field(from.addr);
  to.pc = field(from.pc);
  to.value = field(from.value);
  to.old_value = field(from.old_value);
  to.expected = field(from.expected);
  to.aux = field(from.aux);
  to.call = field(from.call);
  to.size = field(from.size);
  to.kind = from.kind;
  to.rmw = from.rmw;
  to.flags = field(from.flags);
}

}  // namespace

bool Execution::on_own_stack(ThreadId t, uintptr_t addr) const {
  if (t < 0) return false;
  auto [lo, hi] = fibers_.stack_range(t);
  return addr >= lo && addr < hi;
}

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

void Execution::resume(ThreadId t) {
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

bool Execution::spin_neutral(uintptr_t addr) const {
  for (const auto& [lo, hi] : options_.spin_neutral_ranges) {
    if (addr >= lo && addr < hi) return true;
  }
  return false;
}

// Inline: its one caller is step(), at every step.
[[gnu::always_inline]] inline void Execution::after_step(Transition& rec) {
  ThreadState& self = threads_[static_cast<size_t>(rec.thread)];
  bool writes = rec.writes();
  bool neutral = spin_neutral(rec.addr);
  if (rec.kind == Kind::kRead || rec.has(kCas)) {
    if (rec.size <= 8) {
      uint64_t now = SpinWindow::load(rec.addr, rec.size);
      rec.value = now;
      rec.flags |= kValueKnown;
      if (rec.has(kCas) && now != rec.expected) {
        writes = false;  // a failing compare-exchange only reads
        if (!neutral) self.spin.add_read(rec.pc, rec.addr, rec.size, now);
      } else if (!rec.has(kCas) && !neutral) {
        self.spin.add_read(rec.pc, rec.addr, rec.size, now);
      }
    }
  }
  // The value an atomic store, exchange or compare-exchange writes (a plain write's is taken
  // at the next engine entry).
  if (rec.kind == Kind::kWrite || rec.kind == Kind::kRmw) note_written_value(rec.value, rec.addr);
  if (!writes || neutral) return;
  bool small_memory_write = (rec.kind == Kind::kWrite || rec.kind == Kind::kRmw) && rec.size <= 8;
  if (small_memory_write && !rec.has(kAtomic) && on_own_stack(rec.thread, rec.addr)) {
    // A plain write to the thread's own stack goes into the window with its value once the
    // value is known (capture_deferred_write): progress only if it differs from round to round.
    return;
  }
  if (small_memory_write) {
    // Progress only if it does not recur identically with memory restored (SpinWindow).
    // Memory still holds the value being replaced: the access runs after this returns.
    self.spin.add_shared_write(rec.pc, rec.addr, rec.size, SpinWindow::load(rec.addr, rec.size));
  } else {
    self.spin.clear();
  }
}

Transition& Execution::step(const Transition& pending) {
  watchdog_.note_progress();
  flush_deferred_write();
  ThreadId me = current_thread();
  Transition& p = pending_[me];
  copy_fresh(p, pending);
  p.thread = me;
  ThreadState& self = threads_[static_cast<size_t>(me)];
  note_may_wait(me);
  self.spin.settle();  // nothing else has run since this thread's previous step
  tl_probe_pc = p.pc;
  if (is_memory(p.kind)) note_foreign_stack_access(me, p.addr);
  // Plain reads of the thread's own stack are left out, unless another thread has accessed
  // that location: a loop over its own locals (a back-off counter) makes progress that the
  // memory values do not show, and no other thread can release it. An atomic read of the
  // stack (a wait node published to other threads, as in an MCS lock) counts.
  if (options_.detect_spins &&
      (!on_own_stack(me, p.addr) || p.has(kAtomic) || self.stack_shared(p.addr)) &&
      reads_only_now(p) && !spin_neutral(p.addr) && self.spin.repeats(p.pc, p.addr)) {
    self.spin_blocked = true;
    may_wait_ |= uint64_t{1} << me;
    ++spin_blocked_count_;
    ++result_->spin_blocks;
  }
  tl_probe_pc = 0;
  if (starting_ && me + 1 < thread_count_) {
    start_thread(me + 1);  // resumed when first chosen
    resume(me);
  } else {
    starting_ = false;  // the last thread to start makes the first choice
    ThreadId next = choose_inline();
    if (next != me) {
      fibers_.switch_to(next);  // resumed when chosen again
      resume(me);
    }
  }
  tl_probe_pc = p.pc;
  if (is_memory(p.kind) && heap_.owns(reinterpret_cast<void*>(p.addr)) &&
      heap_.touches_freed(p.addr, p.size)) {
    trace_->steps.push_back(p);
    BlockInfo b = heap_.block_at(p.addr);
    abort(Outcome::kUseAfterFree,
          "T" + std::to_string(me) + " " + verb(p) + " of heap block #" +
              std::to_string(b.ordinal) + " at offset " + std::to_string(p.addr - b.start) +
              " after " +
              (b.freed_by < 0 ? std::string("setup") : "T" + std::to_string(b.freed_by)) +
              " freed it (before step " + std::to_string(b.free_step) + "), at " + where(p.pc));
  }
  // Field by field again: `p` was just written so.
  Transition& rec = trace_->steps.emplace_back();
  copy_fresh(rec, p);
  rec.thread = me;
  rec.call = self.call;
  after_step(rec);
  if (weak_ && rec.kind >= Kind::kLock) weak_->synchronise(me, rec.addr);
  tl_probe_pc = 0;
  return rec;
}

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

// Inline: its one caller is choose_inline(), for every thread that may wait, at every step.
[[gnu::always_inline]] inline bool Execution::enabled(ThreadId t) {
  const ThreadState& s = threads_[static_cast<size_t>(t)];
  if (s.spin_blocked) return s.spin.changed();
  const Transition& p = pending_[t];
  // The kinds refused here are note_may_wait()'s: a thread pending any other is never asked.
  switch (p.kind) {
    case Kind::kLock:
      return locks_.can_lock(p.addr, t, p.has(kRecursive));
    case Kind::kReadLock:
      return locks_.can_read_lock(p.addr);
    case Kind::kCondWake:
      return condition_variables_.woken(t);
    case Kind::kAwait:
      return predicate_waits_.satisfied(t);
    default:
      return true;
  }
}

// Inline in step(), where nearly every choice is made.
[[gnu::always_inline]] inline ThreadId Execution::choose_inline() {
  for (;;) {
    // Most steps are always enabled unless the thread spins; only those of a kind that may
    // block (note_may_wait) need a closer look.
    const uint64_t unfinished = unfinished_;
    uint64_t enabled_mask = unfinished & ~may_wait_;
    for (uint64_t m = unfinished & may_wait_; m != 0; m &= m - 1) {
      const int t = std::countr_zero(m);
      if (enabled(t)) enabled_mask |= uint64_t{1} << t;
    }
    if (unfinished == 0) return kNoThread;
    if (enabled_mask == 0) {
      resolve_stall();  // unblocks someone or aborts
      continue;
    }
    if (trace_->steps.size() >= options_.step_limit) {
      abort(Outcome::kStepLimit,
            "the execution exceeded " + std::to_string(options_.step_limit) + " steps");
    }
    SchedulingPoint point;
    point.enabled = enabled_mask;
    point.unfinished = unfinished;
    point.previous = previous_;
    point.thread_count = thread_count_;
    point.pending = pending_;
    point.trace = trace_;
    point.step = trace_->steps.size();
    Decision decision = strategy_->next_thread(point);
    if (decision.kind == Decision::Kind::kStop) {
      abort(Outcome::kDivergence, strategy_->stop_reason());
    }
    if (decision.kind == Decision::Kind::kAbandon) abort(Outcome::kAbandoned, "");
    ThreadId next = decision.thread;
    if (next < 0 || next >= thread_count_ || !((enabled_mask >> next) & 1)) {
      abort(Outcome::kDivergence, "the strategy chose T" + std::to_string(next) +
                                      ", which cannot run at step " + std::to_string(point.step));
    }
    result_->schedule.choices.push_back(next);
    if (next != previous_ && previous_ != kNoThread && ((enabled_mask >> previous_) & 1)) {
      result_->preempted_pcs.push_back(pending_[previous_].pc);
    }
    previous_ = next;
    ThreadState& chosen = threads_[static_cast<size_t>(next)];
    if (chosen.spin_blocked) {
      // Woken: a location it waits on holds a new value.
      chosen.spin_blocked = false;
      chosen.spin.clear();
      --spin_blocked_count_;
      note_may_wait(next);
    }
    return next;
  }
}

ThreadId Execution::choose() { return choose_inline(); }

void Execution::resolve_stall() {
  // Time passes only when nothing else can happen: the timed wait with the earliest deadline
  // (the oldest of those) times out, and the clock moves to its deadline.
  if (const Deadline* deadline = condition_variables_.time_out_first(clock_)) {
    ++result_->forced_timeouts;
    clock_.sleep_until(*deadline);
    return;
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
    if (s.spin_blocked) {
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
    out += " at " + where(p.pc);
  }
  return out;
}

}  // namespace lineup::engine
