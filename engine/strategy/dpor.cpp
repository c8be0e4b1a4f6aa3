#include "engine/strategy/dpor.h"

#include <algorithm>
#include <bit>

namespace lineup::engine {
namespace {

// Whether `later` could have been enabled while `earlier` was pending (Flanagan-Godefroid
// races are between co-enabled steps only). A lock acquire cannot run before the release it
// waited for, nor a condition-variable wake-up before its signal: reversing them is
// impossible, and the race to reverse is with the earlier acquire or wait instead.
bool co_enabled(const Transition& earlier, const Transition& later) {
  if (earlier.kind == Kind::kUnlock)
    return later.kind != Kind::kLock && later.kind != Kind::kReadLock;
  if (earlier.kind == Kind::kCondSignal) return later.kind != Kind::kCondWake;
  return true;
}

}  // namespace

Decision DporStrategy::next_thread(const SchedulingPoint& point) {
  threads_ = point.thread_count;
  if (tree_.replaying(point)) return tree_.replay(point);
  // A sleeping thread (or one explored before the parent's choice) wakes up only when a
  // step dependent with its next transition runs.
  auto& n = tree_.grow(point);
  uint64_t awake = n.awake();
  if (awake == 0) return Decision::abandon();  // every continuation repeats an explored class
  // Keep running the previous thread when possible: fewest context switches first. Other
  // threads are tried here only when a race asks for them.
  ThreadId prev = point.previous;
  n.choose(prev != kNoThread && (awake & thread_bit(prev)) ? prev : std::countr_zero(awake));
  return Decision::run(n.chosen);
}

// For each executed step i and each other thread q: the last step j of q that is dependent with
// i and does not happen before i's thread p is a race, to be reversed in another execution.
// At the point before j, that needs a thread whose next steps lead to i: p itself, or one
// whose first step after j happens before i (Flanagan-Godefroid's set E, with happens-before
// taken up to and including i: with sleep sets, p may be asleep at j while the reversed class
// starts with another thread whose step i depends on). If there is none, every enabled thread
// is tried.
void DporStrategy::add_races(const Trace& trace) {
  std::vector<std::vector<uint32_t>> steps_of(static_cast<size_t>(threads_));
  for (size_t i = 0; i < trace.steps.size(); ++i) {
    steps_of[static_cast<size_t>(trace.steps[i].thread)].push_back(static_cast<uint32_t>(i));
  }
  std::vector<size_t> races;
  // The steps replayed from the previous execution raised their races then, at nodes still on
  // the path (backtrack sets only grow, so raising them again would add nothing): only the
  // steps after the common prefix are scanned, on the relation truncated to it.
  const size_t from = hb_.keep_common_prefix(trace, threads_, kept_);
  for (size_t i = from; i < trace.steps.size(); ++i) {
    const Transition& t = trace.steps[i];
    Access a = Access::of(t);
    races.clear();
    // Whether step i was already the pending, enabled step of its thread before step j ran:
    // then the two were co-enabled whatever their kinds (a waiter already woken by an
    // earlier signal can wake before a later one).
    auto pending_before = [&](size_t j) {
      const std::vector<uint32_t>& own = steps_of[static_cast<size_t>(t.thread)];
      auto self = std::lower_bound(own.begin(), own.end(), static_cast<uint32_t>(i));
      return (tree_[j].enabled & thread_bit(t.thread)) != 0 &&
             (self == own.begin() || *(self - 1) < j);
    };
    if (!a.none) {
      uint64_t found = 0;  // threads whose last dependent step was seen
      auto consider = [&](size_t j) {
        ThreadId q = hb_.thread(j);
        if (q == t.thread || (found & thread_bit(q)) || !dependent(hb_.access(j), a)) return;
        if (!co_enabled(trace.steps[j], t) && !pending_before(j)) return;
        found |= thread_bit(q);  // earlier steps of q are ordered before j by q's program order
        if (!hb_.before_thread(j, t.thread)) races.push_back(j);
      };
      if (a.reads_everything) {
        for (size_t j = i; j-- > 0;) consider(j);
      } else {
        const StepList* scanned = nullptr;
        for (uintptr_t g = a.first; g <= a.last; ++g) {
          const StepList& list = hb_.candidates(a, g);
          if (&list == scanned) continue;  // two granules kept as one location
          scanned = &list;
          // Done once every thread with a step in the list is found (or is t's own).
          const uint64_t present = list.threads() & ~thread_bit(t.thread);
          for (size_t x = list.size(); x-- > 0 && (present & ~found) != 0;) {
            consider(list.step(x));
            ThreadId q = hb_.thread(list.step(x));
            if (q == t.thread || (found & thread_bit(q))) x = list.run_start(x);
          }
        }
      }
    }
    hb_.add(t, a);
    for (size_t j : races) {
      auto& n = tree_[j];
      uint64_t e = 0;
      for (uint64_t m = n.enabled; m != 0; m &= m - 1) {
        int r = std::countr_zero(m);
        const std::vector<uint32_t>& own = steps_of[static_cast<size_t>(r)];
        auto next = std::upper_bound(own.begin(), own.end(), static_cast<uint32_t>(j));
        if (r == t.thread || (next != own.end() && *next <= i && hb_.ordered(*next, i))) {
          e |= thread_bit(r);
        }
      }
      n.add_backtrack(e != 0 ? e : n.enabled);
    }
  }
}

void DporStrategy::end_execution(const ExecutionResult& result) {
  const Trace& trace = result.trace;
  add_races(trace);
  // An abandoned execution's last node has no step and nothing left to try.
  tree_.truncate(trace.steps.size());
  has_next_ = tree_.advance([](auto&) {});
  kept_ = tree_.size();
}

Coverage DporStrategy::coverage() const {
  Coverage c;
  c.up_to_equivalence = true;
  if (!has_next_) c.bound_completed = Coverage::kExhaustive;
  return c;
}

}  // namespace lineup::engine
