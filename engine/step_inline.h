// The body of a scheduling point (Execution::step), inline for the hooks that take most
// steps of lock-based code (Locks::mutex_lock and mutex_unlock) as well as for step() itself.
// Why inline: a fiber resumed by a switch returns through every frame it had when it left,
// and the processor mispredicts those returns. Each frame fewer between a hook and the switch
// is about 5% of a hunt whose steps are all locks (ref/queue atomics-only; docs/performance.md,
// "Fibers and the switch").
// Include only in the engine's .cpp files that take steps this way.
#pragma once

#include <bit>
#include <cstdint>

#include "engine/execution.h"
#include "engine/memory/heap.h"
#include "engine/modes.h"
#include "engine/strategy/random_bits.h"

namespace lineup::engine {
namespace step_parts {

inline bool is_memory(Kind k) { return k == Kind::kRead || k == Kind::kWrite || k == Kind::kRmw; }

// Whether read-modify-write `t` (not a compare-exchange; at most 8 bytes) would leave `now`,
// the value at its location, as it is: an exchange of the value already there, a fetch_or of
// bits already set, a fetch_and of bits already clear, a fetch_add or fetch_sub of 0, ... A
// round of a spin lock's `while (flag.test_and_set())` is such a step while another thread
// holds the lock: it reads the flag and changes nothing.
inline bool rmw_leaves(const Transition& t, uint64_t now) {
  if (t.rmw == RmwOp::kNone || t.rmw == RmwOp::kCas) return false;
  const uint64_t after = rmw_result(t.rmw, now, t.value);
  const uint64_t mask = t.size >= 8 ? ~uint64_t{0} : (uint64_t{1} << (8 * t.size)) - 1;
  return ((after ^ now) & mask) == 0;
}

// A read, a compare-exchange that would fail against the current memory, or a
// read-modify-write that would leave memory as it is: the kinds of step a spin loop repeats.
inline bool reads_only_now(const Transition& t) {
  if (t.kind == Kind::kRead) return t.size <= 8;
  if (t.has(kCas)) return SpinWindow::load(t.addr, t.size) != t.expected;
  if (t.kind == Kind::kRmw && t.size <= 8) return rmw_leaves(t, SpinWindow::load(t.addr, t.size));
  return false;
}

// `from` as the hooks pass it: built on their stack field by field just before the call.
// Copied field by field too, each load the width of the store that wrote it: the 16-byte
// loads of a whole-struct copy would span several of those stores, which the processor
// cannot forward, and each step would wait for them to reach the cache. The empty asm
// statements keep the compiler from merging the loads back into wide ones.
[[gnu::always_inline]] inline void copy_fresh(Transition& to, const Transition& from) {
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
  to.weak = from.weak;
  to.flags = field(from.flags);
}

}  // namespace step_parts

// Inline: its one caller is choose_inline(), for every thread that may wait, at every step.
[[gnu::always_inline]] inline bool Execution::enabled(ThreadId t) {
  const ThreadState& s = threads_[static_cast<size_t>(t)];
  if (s.retry.cut()) return false;
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

// Inline in step_inline(), where nearly every choice is made.
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
    // A uniform random pick needs no SchedulingPoint and no call (Strategy::uniform_state).
    const ThreadId next = uniform_ != nullptr ? random_enabled_thread(*uniform_, enabled_mask)
                                              : ask_strategy(enabled_mask);
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

// Inline: its one caller is step_inline(), at every step.
[[gnu::always_inline]] inline void Execution::after_step(Transition& rec) {
  ThreadState& self = threads_[static_cast<size_t>(rec.thread)];
  bool writes = rec.writes();
  bool neutral = spin_neutral(rec.addr);
  if (rec.kind == Kind::kRead || rec.has(kCas)) {
    if (rec.size <= 8) {
      uint64_t now = SpinWindow::load(rec.addr, rec.size);
      rec.value = now;
      rec.flags |= kValueKnown;
      if (rec.size == 8) note_shared_value(now, rec.addr);  // what the read or compare sees
      if (rec.has(kCas) && now != rec.expected) {
        writes = false;  // a failing compare-exchange only reads
        if (!neutral) self.spin.add_read(rec.pc, rec.addr, rec.size, now);
      } else if (!rec.has(kCas) && !neutral) {
        self.spin.add_read(rec.pc, rec.addr, rec.size, now);
      }
    }
  } else if (rec.kind == Kind::kRmw && rec.size <= 8) {
    // Memory still holds the value the rmw replaces (it runs after this returns): one that
    // will leave it as it is only reads, for spin detection as for a failing compare-exchange.
    const uint64_t now = SpinWindow::load(rec.addr, rec.size);
    if (step_parts::rmw_leaves(rec, now)) {
      writes = false;
      if (!neutral) self.spin.add_read(rec.pc, rec.addr, rec.size, now);
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

[[gnu::always_inline]] inline Transition& Execution::step_inline(const Transition& pending) {
  watchdog_.note_progress();
  flush_deferred_write();
  ThreadId me = current_thread();
  Transition& p = pending_[me];
  step_parts::copy_fresh(p, pending);
  p.thread = me;
  ThreadState& self = threads_[static_cast<size_t>(me)];
  if (self.retry.cut_due()) {
    // Its last round of a marked retry loop changed nothing: disabled from this step on.
    self.retry.begin_cut();
    ++retry_cut_count_;
  }
  note_may_wait(me);
  self.spin.settle();  // nothing else has run since this thread's previous step
  tl_probe_pc = p.pc;
  if (step_parts::is_memory(p.kind)) note_foreign_stack_access(me, p.addr);
  // Plain reads of the thread's own stack are left out, unless another thread has accessed
  // that location: a loop over its own locals (a back-off counter) makes progress that the
  // memory values do not show, and no other thread can release it. An atomic read of the
  // stack (a wait node published to other threads, as in an MCS lock) counts.
  if (options_.detect_spins && !self.retry.cut() &&
      (!on_own_stack(me, p.addr) || p.has(kAtomic) || self.stack_shared(p.addr)) &&
      step_parts::reads_only_now(p) && !spin_neutral(p.addr) && self.spin.repeats(p.pc, p.addr)) {
    if (weak_ != nullptr && self.spin.last_round_read_stale()) {
      // c11 mode: the round read a stale value, and a newer store exists. Not stuck: from
      // now on the loop's locations read their newest stores (reads_latest_only), and a
      // loop that still goes round the same way is a spin like any other.
      self.spin.for_each_watched([&self](uintptr_t addr) { self.latest_only.push_back(addr); });
      self.spin.clear();
      // Coverage given up: the loop's further stale rounds go unexplored.
      ++result_->stale_spin_cuts;
    } else {
      self.spin_blocked = true;
      may_wait_ |= uint64_t{1} << me;
      ++spin_blocked_count_;
      ++result_->spin_blocks;
    }
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
  if (step_parts::is_memory(p.kind) && heap_.owns(reinterpret_cast<void*>(p.addr)) &&
      heap_.touches_freed(p.addr, p.size)) {
    trace_->steps.push_back(p);
    BlockInfo b = heap_.block_at(p.addr);
    abort(Outcome::kUseAfterFree,
          "T" + std::to_string(me) + " " + verb(p) + " of heap block " + block_names_.name(b) +
              " at offset " + std::to_string(p.addr - b.start) + " after " +
              (b.freed_by < 0 ? std::string("setup") : "T" + std::to_string(b.freed_by)) +
              " freed it (before step " + std::to_string(b.free_step) + "), at " + where(p.pc));
  }
  // Field by field again: `p` was just written so.
  Transition& rec = trace_->steps.emplace_back();
  step_parts::copy_fresh(rec, p);
  rec.thread = me;
  rec.call = self.call;
  after_step(rec);
  if (weak_ && rec.kind >= Kind::kLock) weak_->synchronise(me, rec.addr);
  tl_probe_pc = 0;
  return rec;
}

}  // namespace lineup::engine
