#include "engine/strategy/dfs.h"

#include <bit>
#include <stdexcept>

#include "engine/memory/dependence.h"

namespace lineup::engine {

namespace {

// c11 mode: whether a sleeping thread's pending access `p` and another thread's `step`, both
// non-seq_cst atomics of one location of at most 8 bytes, may keep the sleeper asleep although
// one of them writes: every outcome of `step` then `p` is an outcome of `p` then `step`, which
// the sleeper's branch explored. A load (or a failing compare-exchange) reads the same stores
// after a store or rmw as before it, and the new one too; two stores each take any place in
// modification order after their thread's view, whichever runs first (neither thread has seen
// the other's); and a store after an rmw: the rmw read a message and went right after it, which
// it can do as well after the store, wherever the store goes (not between the two: right after
// the message read, the store then follows the rmw). Not a load or rmw that could read the
// newest store only (kLatestOnly), nor two rmws or an rmw after a store (the later rmw may read
// the other's message), nor seq_cst accesses (a seq_cst store bounds what seq_cst accesses
// after it read and where they go).
bool commutes_in_c11(const Transition& p, const Transition& step) {
  if (!p.has(kAtomic) || !step.has(kAtomic) || p.addr != step.addr || p.size != step.size ||
      p.size > 8 || ((p.weak | step.weak) & kSeqCst) != 0) {
    return false;
  }
  if (step.kind == Kind::kRead) return (step.weak & kLatestOnly) == 0;
  if (step.kind == Kind::kRmw) return (step.weak & kLatestOnly) == 0 && p.kind == Kind::kWrite;
  return step.kind == Kind::kWrite && p.kind == Kind::kWrite;  // a pending CAS is an kRmw
}

// c11 mode: whether `t` reads or writes the seq_cst view (weak_memory.h): a seq_cst fence
// joins all of it and publishes its thread's view into it, a seq_cst access reads and raises
// its location's entry. Release and acquire fences touch their own thread's views only.
bool touches_seq_cst_view(const Transition& t) {
  return (t.weak & kSeqCst) != 0 && (t.kind == Kind::kFence || t.has(kAtomic));
}

// Whether the pending step `p` of a sleeping thread depends on `step`, another thread's: as
// dependence.h has it; in c11 mode a seq_cst fence depends on every seq_cst access and fence,
// other fences on nothing, and commutes_in_c11 keeps the sleeper asleep.
bool wakes(const Transition& p, const Transition& step, bool c11) {
  if (c11) {
    if (p.kind == Kind::kFence || step.kind == Kind::kFence) {
      return touches_seq_cst_view(p) && touches_seq_cst_view(step);
    }
    if (commutes_in_c11(p, step)) return false;
  }
  return dependent(pending_access(p), Access::of(step));
}

// Threads whose pending step is an atomic store or rmw (a compare-exchange included).
uint64_t atomic_writers(const SchedulingPoint& point, uint64_t threads) {
  uint64_t out = 0;
  for (uint64_t m = threads; m != 0; m &= m - 1) {
    const int t = std::countr_zero(m);
    const Transition& p = point.pending[t];
    if (p.has(kAtomic) && (p.kind == Kind::kWrite || p.kind == Kind::kRmw)) {
      out |= uint64_t{1} << t;
    }
  }
  return out;
}

}  // namespace

DfsStrategy::SleepSets DfsStrategy::sleep_sets_for(MemoryModel model) {
  return model == MemoryModel::kC11 ? SleepSets::kC11 : SleepSets::kSc;
}

DfsStrategy::DfsStrategy(int preemption_bound, int stale_bound, SleepSets sleep_sets)
    : preemption_bound_(preemption_bound),
      stale_bound_(stale_bound),
      sleep_sets_(sleep_sets != SleepSets::kNone),
      c11_(sleep_sets == SleepSets::kC11),
      bound_(preemption_bound < 0 ? -1 : 0) {
  if (sleep_sets_ && (preemption_bound >= 0 || stale_bound >= 0)) {
    throw std::invalid_argument("DfsStrategy: sleep sets need an unbounded search");
  }
}

uint64_t DfsStrategy::asleep_at(const SchedulingPoint& point) const {
  const Node* parent = nullptr;
  for (size_t i = path_.size(); i-- > 0;) {
    if (path_[i].thread) {
      parent = &path_[i];
      break;
    }
  }
  if (parent == nullptr) return point.asleep & point.enabled;
  // Asleep there, or explored there before the thread it runs now.
  uint64_t asleep = (parent->tried & ~(uint64_t{1} << parent->chosen)) & point.enabled;
  for (size_t i = parent->step; i < point.step && asleep != 0; ++i) {
    const Transition& step = point.trace->steps[i];
    for (uint64_t m = asleep; m != 0; m &= m - 1) {
      const int u = std::countr_zero(m);
      if (step.thread == u || wakes(point.pending[u], step, c11_)) asleep &= ~(uint64_t{1} << u);
    }
  }
  return asleep;
}

bool DfsStrategy::begin_execution() {
  depth_ = 0;
  reason_.clear();
  return !done_;
}

int DfsStrategy::cost(const Node& n, uint32_t pick) const {
  if (!n.thread) return pick + 1 == n.options ? 0 : 1;
  bool previous_enabled = n.previous != kNoThread && ((n.options >> n.previous) & 1);
  return previous_enabled && static_cast<ThreadId>(pick) != n.previous ? 1 : 0;
}

bool DfsStrategy::within(const Node& n, uint32_t pick) const {
  int c = cost(n, pick);
  if (n.thread) return bound_ < 0 || n.preemptions + c <= bound_;
  return stale_bound_ < 0 || n.stale + c <= stale_bound_;
}

DfsStrategy::Node* DfsStrategy::replayed(bool thread) {
  if (depth_ >= path_.size()) return nullptr;
  Node* n = &path_[depth_];
  if (n->thread != thread) {
    reason_ = "replayed prefix diverged at decision " + std::to_string(depth_);
    return n;
  }
  return n;
}

Decision DfsStrategy::next_thread(const SchedulingPoint& point) {
  if (Node* n = replayed(true)) {
    if (!reason_.empty() || !point.is_enabled(static_cast<ThreadId>(n->chosen))) {
      if (reason_.empty())
        reason_ = "replayed prefix diverged at step " + std::to_string(point.step);
      return Decision::stop();
    }
    ++depth_;
    return Decision::run(static_cast<ThreadId>(n->chosen));
  }
  Node n;
  n.thread = true;
  n.options = point.enabled;
  n.previous = point.previous;
  if (!path_.empty()) {
    const Node& before = path_.back();
    n.preemptions = before.preemptions + (before.thread ? cost(before, before.chosen) : 0);
    n.stale = before.stale + (before.thread ? 0 : cost(before, before.chosen));
  }
  uint64_t awake = point.enabled;
  if (sleep_sets_) {
    n.step = point.step;
    n.asleep = asleep_at(point);
    awake &= ~n.asleep;
    if (awake == 0) {
      ++blocked_;  // every execution from here is explored already
      return Decision::abandon();
    }
    if (c11_) n.first = atomic_writers(point, awake);
  }
  bool previous_awake = n.previous != kNoThread && ((awake >> n.previous) & 1);
  n.chosen = static_cast<uint32_t>(n.first != 0     ? std::countr_zero(n.first)
                                   : previous_awake ? n.previous
                                                    : std::countr_zero(awake));
  n.tried = n.asleep | (uint64_t{1} << n.chosen);
  path_.push_back(n);
  ++depth_;
  return Decision::run(static_cast<ThreadId>(n.chosen));
}

uint32_t DfsStrategy::choose(const Choice& choice) {
  if (Node* n = replayed(false)) {
    if (!reason_.empty() || n->options != choice.options) {
      if (reason_.empty())
        reason_ = "replayed choice diverged at step " + std::to_string(choice.step);
      return choice.latest();  // the execution is discarded by end_execution
    }
    ++depth_;
    return n->chosen;
  }
  Node n;
  n.thread = false;
  n.options = choice.options;
  const Node& before = path_.back();  // a choice always follows its step's thread choice
  n.preemptions = before.preemptions + (before.thread ? cost(before, before.chosen) : 0);
  n.stale = before.stale + (before.thread ? 0 : cost(before, before.chosen));
  n.chosen = choice.latest();
  path_.push_back(n);
  ++depth_;
  return n.chosen;
}

void DfsStrategy::end_execution(const ExecutionResult&) {
  path_.resize(depth_ < path_.size() ? depth_ : path_.size());
  while (!path_.empty()) {
    Node& top = path_.back();
    if (top.thread) {
      const uint64_t left = top.options & ~top.tried;
      const uint64_t next = (left & top.first) != 0 ? left & top.first : left;
      for (uint64_t m = next; m != 0; m &= m - 1) {
        auto t = static_cast<uint32_t>(std::countr_zero(m));
        top.tried |= uint64_t{1} << t;
        if (within(top, t)) {
          top.chosen = t;
          return;
        }
      }
    } else if (top.chosen > 0 && within(top, top.chosen - 1)) {
      --top.chosen;  // one store older, one place earlier
      return;
    }
    path_.pop_back();
  }
  bound_completed_ = bound_ < 0 ? Coverage::kExhaustive : bound_;
  if (bound_ >= 0 && bound_ < preemption_bound_) {
    ++bound_;  // the next pass, from the start
    return;
  }
  done_ = true;
}

Coverage DfsStrategy::coverage() const {
  Coverage c;
  c.bound_completed = bound_completed_;
  c.stale_bound = stale_bound_;
  return c;
}

}  // namespace lineup::engine
