#include "engine/strategy/cbdpor.h"

#include <bit>

namespace lineup::engine {

CbDporStrategy::CbDporStrategy(int max_bound, bool iterative)
    : max_bound_(max_bound), iterative_(iterative) {
  bound_ = iterative || max_bound < 0 ? 0 : max_bound;
}

Decision CbDporStrategy::next_thread(const SchedulingPoint& point) {
  size_t k = point.step;
  threads_ = point.thread_count;
  if (tree_.replaying(point)) return tree_.replay(point);
  // Attempt(): threads whose next transition depends on the step just run wake up.
  Node& n = tree_.grow(point);
  if (k > 0) {
    const Node& parent = tree_[k - 1];
    n.data.preemptions = parent.data.preemptions + (parent.data.preempting ? 1 : 0);
  }
  if (n.previous_enabled()) {
    n.choose(n.previous);  // phase 0: no preemption unless a later step marks this point
  } else {
    bool previous_blocked = n.previous != kNoThread && ((point.unfinished >> n.previous) & 1);
    if (previous_blocked) {
      // The sleep-set argument (a preempted thread's step can be moved back to where it was
      // preempted at no extra cost) fails once the running thread blocks: the free switch at
      // this point is what made these executions cheap. Every sleeper wakes up. This is what
      // reaches the classes that need a preemption inside a critical section (the preempted
      // thread's rival runs until it blocks on the lock, and the switch back is free); marks
      // at every step of a critical section, which BPOR adds for the same reason, are not
      // needed on top (checked against brute force in differential_test.cpp) and made
      // lock-based structures explore ~10x the executions.
      n.sleep = 0;
    }
    uint64_t awake = n.awake();
    if (awake == 0) return Decision::abandon();  // only sleeping threads can run: explored
    n.choose(std::countr_zero(awake));
    n.add_backtrack(awake);
  }
  return Decision::run(n.chosen);
}

// ConsiderPreemptions for every executed step i of thread p: each earlier step j of another
// thread that is dependent with i and does not happen before p's previous steps marks the
// point before j. Scanning backwards, once a step of thread q happens before p, all earlier
// steps of q do too, so q is skipped from then on (amortised linear, van den Hooff 2014 sec. 4.3),
// a run of q's steps at one location in a single jump, and the scan of a location ends once every
// thread with a step there is ordered.
//
// The steps the execution replayed from the previous one were scanned then, and their marks
// are still on the nodes kept from that path: only the steps after the common prefix (at most
// the kept nodes) are scanned, on the relation truncated to that prefix.
void CbDporStrategy::mark_races(const Trace& trace) {
  const size_t from = hb_.keep_common_prefix(trace, threads_, kept_);
  const uint64_t all = threads_ >= 64 ? ~uint64_t{0} : thread_bit(threads_) - 1;
  for (size_t i = from; i < trace.steps.size(); ++i) {
    const Transition& t = trace.steps[i];
    Access a = Access::of(t);
    if (!a.none) {
      uint64_t ordered = thread_bit(t.thread);
      auto consider = [&](size_t j) {
        ThreadId q = hb_.thread(j);
        if (ordered & thread_bit(q)) return;
        if (hb_.before_thread(j, t.thread)) {
          ordered |= thread_bit(q);
          return;
        }
        if (dependent(hb_.access(j), a)) tree_[j].data.marked = true;
      };
      if (a.reads_everything) {
        for (size_t j = i; j-- > 0 && ordered != all;) consider(j);
      } else {
        const StepList* scanned = nullptr;
        for (uintptr_t g = a.first; g <= a.last; ++g) {
          const StepList& list = hb_.candidates(a, g);
          if (&list == scanned) continue;  // two granules kept as one location
          scanned = &list;
          // Threads without a step in the list need no ordering: the scan ends once every
          // thread that has one is ordered.
          const uint64_t present = list.threads() | thread_bit(t.thread);
          ordered = thread_bit(t.thread);
          for (size_t x = list.size(); x-- > 0 && ordered != present;) {
            consider(list.step(x));
            if (ordered & thread_bit(hb_.thread(list.step(x)))) x = list.run_start(x);
          }
        }
      }
    }
    hb_.add(t, a);
  }
}

void CbDporStrategy::end_execution(const ExecutionResult& result) {
  mark_races(result.trace);
  tree_.truncate(result.trace.steps.size());
  if (!tree_.advance([this](Node& top) { revisit(top); })) restart_or_finish();
  kept_ = tree_.size();  // empty after a restart: the next bound's path has no marks yet
}

// Explore(): at a marked point where the previous thread continued, its subtree is done; now
// preempt it, if the bound allows.
void CbDporStrategy::revisit(Node& top) {
  if (!top.previous_enabled() || top.data.preempting || !top.data.marked) return;
  if (top.data.preemptions < bound_) {
    top.data.preempting = true;
    top.sleep |= thread_bit(top.previous);
    top.add_backtrack(top.awake());
  } else {
    bound_cut_ = true;
  }
}

Coverage CbDporStrategy::coverage() const {
  Coverage c;
  c.bound_completed = bound_completed_;
  c.up_to_equivalence = true;
  return c;
}

void CbDporStrategy::restart_or_finish() {
  bound_completed_ = bound_;
  if (!bound_cut_) {
    bound_completed_ = Coverage::kExhaustive;
    has_next_ = false;
  } else if (iterative_ && (max_bound_ < 0 || bound_ < max_bound_)) {
    ++bound_;  // iterative deepening: the whole tree again with one more preemption allowed
    bound_cut_ = false;
  } else {
    has_next_ = false;
  }
}

}  // namespace lineup::engine
