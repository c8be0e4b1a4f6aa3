#include "engine/strategy/dpor.h"

#include <algorithm>
#include <bit>
#include <optional>

#include "engine/waiting/spin_window.h"

namespace lineup::engine {
namespace {

// Whether `later` could have been enabled while `earlier` was pending (races are between
// co-enabled steps only). A lock acquire cannot run before the release it waited for, nor a
// condition-variable wake-up before its signal: reversing them is impossible, and the race
// to reverse is with the earlier acquire or wait instead.
bool co_enabled(const Transition& earlier, const Transition& later) {
  if (earlier.kind == Kind::kUnlock)
    return later.kind != Kind::kLock && later.kind != Kind::kReadLock;
  if (earlier.kind == Kind::kCondSignal) return later.kind != Kind::kCondWake;
  return true;
}

// The value `t`'s location (a compare-exchange's: at most 8 bytes) held before step j of
// `trace`, when the trace tells: the last value written or observed there before j, or, with
// nothing written before j, the value the first rmw or compare-exchange from j on found there.
// Loads do not record what they read; stores with another size or address make it unknown.
std::optional<uint64_t> value_before(size_t j, const Transition& t, const Trace& trace) {
  auto same = [&](const Transition& x) { return x.addr == t.addr && x.size == t.size; };
  auto overlaps = [&](const Transition& x) {
    return x.addr < t.addr + t.size && t.addr < x.addr + (x.size == 0 ? 1 : x.size);
  };
  for (size_t x = j; x-- > 0;) {
    const Transition& s = trace.steps[x];
    if (!overlaps(s) || (s.kind == Kind::kRead && !s.has(kValueKnown))) continue;
    if (!same(s) || !s.has(kValueKnown)) return std::nullopt;
    if (s.kind == Kind::kWrite || s.kind == Kind::kRmw || s.kind == Kind::kRead) return s.value;
    return std::nullopt;
  }
  for (size_t x = j; x < trace.steps.size(); ++x) {
    const Transition& s = trace.steps[x];
    if (!overlaps(s) || (s.kind == Kind::kRead && !s.has(kValueKnown))) continue;
    if (!same(s) || !s.has(kValueKnown)) return std::nullopt;
    if (s.kind == Kind::kRmw || s.kind == Kind::kRead)
      return s.has(kFailed) ? s.value : s.old_value;
    return std::nullopt;
  }
  return std::nullopt;
}

}  // namespace

Decision DporStrategy::next_thread(const SchedulingPoint& point) {
  threads_ = point.thread_count;
  Decision d = choose_next(point);
  // What the chosen step's location holds before it runs: what a compare-exchange racing
  // with it would read if it ran first (reverse()).
  const size_t k = point.step;
  if (before_.size() <= k) before_.resize(k + 1);
  before_[k].known = false;
  if (d.runs()) {
    const Transition& t = point.pending[d.thread];
    if ((t.kind == Kind::kRead || t.kind == Kind::kWrite || t.kind == Kind::kRmw) && t.size <= 8) {
      before_[k] = {SpinWindow::load(t.addr, t.size), t.addr, t.size, true};
    }
  }
  return d;
}

Decision DporStrategy::choose_next(const SchedulingPoint& point) {
  if (tree_.replaying(point)) return tree_.replay(point);
  const size_t k = point.step;
  Node& n = tree_.grow(point);
  n.data.asleep_elsewhere =
      (point.asleep | (k > 0 ? tree_[k - 1].data.asleep_elsewhere : 0)) & n.sleep;
  const size_t width = static_cast<size_t>(threads_);
  pending_.resize((k + 1) * width);
  for (ThreadId t = 0; t < threads_; ++t) {
    Access& a = pending_[k * width + static_cast<size_t>(t)];
    if ((point.unfinished & thread_bit(t)) != 0) {
      a = pending_access(point.pending[t]);
    } else {
      a = Access{};
      a.none = true;  // a finished thread starts nothing
    }
  }
  // The branch the parent runs brings what is left of its sequences.
  if (k > 0 && runs_branch(tree_[k - 1])) {
    n.data.wakeup = tree_[k - 1].data.wakeup.take_first_subtree();
  }
  if (settle(n, k)) {
    n.choose(n.data.wakeup.first());
    return Decision::run(n.chosen);
  }
  // No sequence to follow: any thread awake runs, with no branch of its own in the tree (no
  // sequence inserted here can start with it: its later steps happen after this one). Keep
  // running the previous thread when possible: fewest context switches first.
  uint64_t awake = n.awake();
  if (awake == 0) {
    ++blocked_;
    return Decision::abandon();  // every continuation repeats an explored class
  }
  ThreadId prev = point.previous;
  ThreadId p = prev != kNoThread && (awake & thread_bit(prev)) ? prev : std::countr_zero(awake);
  n.choose(p);
  return Decision::run(p);
}

bool DporStrategy::settle(Node& n, size_t step) {
  WakeupTree& w = n.data.wakeup;
  while (!w.empty()) {
    const ThreadId p = w.first();
    const uint64_t startable = n.awake() & ~n.tried;  // those tried here sleep now
    if ((startable & thread_bit(p)) != 0) return true;
    w.drop_first();
    if ((n.enabled & thread_bit(p)) != 0) continue;  // asleep: its class is explored
    if (step < fixed_prefix_) continue;              // another part's branch (fix_prefix)
    // Blocked where its sequence expected it to run: each thread that can start here
    // instead gets a branch, so that no class is lost.
    ++fallbacks_;
    for (uint64_t m = startable; m != 0; m &= m - 1) {
      const ThreadId r = std::countr_zero(m);
      if (!w.starts_with(r)) w.add({r, pending_at(step, r)});
    }
  }
  return false;
}

// For each executed step i and each other thread q: the last step j of q that is dependent with
// i, could have run after i (co-enabled), and does not happen before i's thread p is a race
// candidate; it is a race when it happens before no other candidate either (j is directly
// before i in happens-before). Each race is reversed (reverse()).
void DporStrategy::add_races(const Trace& trace) {
  std::vector<std::vector<uint32_t>> steps_of(static_cast<size_t>(threads_));
  for (size_t i = 0; i < trace.steps.size(); ++i) {
    steps_of[static_cast<size_t>(trace.steps[i].thread)].push_back(static_cast<uint32_t>(i));
  }
  std::vector<size_t> races;
  // The steps replayed from the previous execution raised their races then, into trees of
  // nodes still on the path: only the steps after the common prefix are scanned, on the
  // relation truncated to it.
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
    for (size_t j : races) {
      const bool direct = std::none_of(races.begin(), races.end(),
                                       [&](size_t k) { return k > j && hb_.ordered(j, k); });
      if (direct) reverse(j, i, trace);
    }
    // A step of another thread disabled t's thread while t could run (a write putting back
    // the value a spinning thread waits on): t could have run before it, a race that
    // dependency does not show when the two touch different locations, and that the race
    // with the step that woke the thread again cannot reverse (the thread is disabled there).
    const uint32_t k = disablers_.disabler(i);
    if (k != Disablers::kNone && !hb_.before_thread(k, t.thread)) {
      ++disabled_races_;
      reverse(k, i, trace);
    }
    hb_.add(t, a);
  }
}

// The sequence v of the paper: the steps between j and i that do not happen after j, in
// order, then i. Those steps run as they did (nothing they depend on changes); i may not: a
// compare-exchange reads what its location held before j (j is the last step not in v to
// touch it: a step in v that wrote it would be dependent with j, so after it), and fails or
// succeeds by that. Its access must be the one it will have: taken for an rmw while it fails,
// it would look dependent with a sleeping or tried thread's read, and the tree would keep
// a branch that claims to lead to its class but does not (the sleeping reader blocks it).
// Where the trace does not tell the value, it is taken for the rmw it may be. v is inserted
// at j's node unless a thread asleep there could start it: then its class was explored with
// that thread first.
void DporStrategy::reverse(size_t j, size_t i, const Trace& trace) {
  std::vector<WakeupStep>& v = sequence_;
  v.clear();
  for (size_t x = j + 1; x < i; ++x) {
    if (!hb_.ordered(j, x)) v.push_back({hb_.thread(x), spin_access(x, hb_.access(x))});
  }
  const Transition& t = trace.steps[i];
  Access last = Access::of(t);
  if (t.has(kCas)) {
    const Before& b = before_[j];
    const std::optional<uint64_t> before = b.known && b.addr == t.addr && b.size == t.size ? b.value
                                           : t.size <= 8 ? value_before(j, t, trace)
                                                         : std::nullopt;
    uncertain_ += !before;
    last.writes = !before || *before == t.expected;
  }
  v.push_back({t.thread, spin_access(i, last)});
  Node& n = tree_[j];
  const uint64_t asleep = (n.sleep | n.tried) & ~thread_bit(n.chosen);
  for (uint64_t m = asleep; m != 0; m &= m - 1) {
    const ThreadId q = std::countr_zero(m);
    // Its pending step is its next step of the trace: spinning there, it waits as v's do.
    size_t x = j;
    while (x < trace.steps.size() && trace.steps[x].thread != q) ++x;
    const Access pending =
        x < trace.steps.size() ? spin_access(x, pending_at(j, q)) : pending_at(j, q);
    const bool elsewhere = (n.data.asleep_elsewhere & thread_bit(q)) != 0;
    if (weak_initial(q, elsewhere ? nullptr : &pending, v)) return;
  }
  n.data.wakeup.insert(v);
}

Access DporStrategy::spin_access(size_t x, Access a) const {
  // Ordered after every write before it in the sequence, the step waits for its enablers
  // there, and no insertion takes another thread's write for one it could run before.
  if (!enablers_.of(x).empty()) a.reads_everything = true;
  return a;
}

void DporStrategy::end_execution(const ExecutionResult& result) {
  const Trace& trace = result.trace;
  enablers_.compute(trace, threads_);
  disablers_.compute(
      trace.steps.size(), [this](size_t m) { return tree_[m].enabled; },
      [&trace](size_t m) -> const Transition& { return trace.steps[m]; });
  add_races(trace);
  // An abandoned execution's last node has no step and nothing left to try.
  tree_.truncate(trace.steps.size());
  has_next_ = tree_.advance([this](Node& top) {
    if (runs_branch(top)) top.data.wakeup.drop_first();  // the branch just explored
    top.backtrack = settle(top, tree_.size() - 1) ? thread_bit(top.data.wakeup.first()) : 0;
  });
  kept_ = tree_.size();
}

Coverage DporStrategy::coverage() const {
  Coverage c;
  c.up_to_equivalence = true;
  if (!has_next_) c.bound_completed = Coverage::kExhaustive;
  // After a fallback (a wakeup branch whose thread was blocked) or a reversal to a
  // compare-exchange of unknown outcome, classes may have been missed: measured on a
  // Herlihy-Wing queue whose dequeues spin, 4,248 classes of brute force's 4,806 (dpor.h).
  c.may_miss_classes = fallbacks_ != 0 || uncertain_ != 0;
  return c;
}

}  // namespace lineup::engine
