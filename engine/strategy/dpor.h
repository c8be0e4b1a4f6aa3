// Optimal dynamic partial-order reduction: source sets with wakeup trees (Abdulla, Aronis,
// Jonsson, Sagonas, JACM 2017), over sleep sets (Godefroid 1996). Explores one execution of
// every equivalence class (executions that differ only in the order of independent steps),
// without a bound. Each race of an execution (two dependent steps of different threads, the
// first directly before the second in happens-before, that could run the other way round) is
// reversed by inserting into the wakeup tree of the point before its first step a sequence
// that runs the second without the first: the steps between that do not happen after the
// first, then the second. A sequence is inserted only when no thread asleep there could start
// it (its class is explored already) and no branch of the tree already leads to its class.
//
// Threads disabled by spin detection (a thread re-reading unchanged memory sleeps until a
// location its loop read changes) are woken and put back to sleep by writes that dependency
// need not relate to their next step (it reads one location, the wait watches all the loop
// read). A step of another thread that disabled a thread able to run its next step is taken
// for a race with that step (disablers.h): the thread could have run first. Without it,
// spin-lock counters lost a third of their classes (1,220 of 1,820 for 2x1, 3x1 and 2x2
// increments); with it, those and 400 random spinning programs reach every class brute
// force reaches, one execution each (blocking_dpor_test).
//
// A spinning thread's step that ran in the recorded execution because another thread's write
// changed memory between its rounds (spin_enablers.h) is, in wakeup sequences and in the
// pending steps of sleeping threads checked against them, taken for a read of every
// location: the spin decision read every location the loop watched. Insertion then keeps it
// after the writes before it instead of starting it where its thread is blocked. On a
// Herlihy-Wing queue whose dequeues spin (verify/hw-queue) this raised the classes reached
// from 3,267 to 4,248 of brute force's 4,806 for push(1) push(2) | pop() | pop(), and from
// 283,140 to 327,260 for 2 enqueuers and 2 dequeuers (Flanagan-Godefroid DPOR: 320,229).
//
// Where optimality and completeness are not guaranteed: blocking steps (locks, condition
// variables, awaits, spin detection) can still leave the first thread of a wakeup branch
// disabled when its turn comes: whether a step is a spin step depends on the order of other
// threads' writes relative to its loop's rounds, which executions of one class need not
// share, and races whose second step cannot run before the first (its enabler comes after
// it) are inserted all the same. The branch is then replaced by one branch per thread awake
// there (as Flanagan-Godefroid DPOR would backtrack), which may explore executions that end
// sleep-set blocked (every enabled thread asleep: abandoned, as redundant) and does not keep
// every class (558 of 4,806 missed on the queue above). A search with a fallback therefore
// says the classes may be incomplete (Coverage::may_miss_classes), as after a race reversed
// to a compare-exchange of unknown outcome. blocked() and fallbacks() count both.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "engine/memory/happens_before.h"
#include "engine/strategy/disablers.h"
#include "engine/strategy/search_tree.h"
#include "engine/strategy/spin_enablers.h"
#include "engine/strategy/strategy.h"
#include "engine/strategy/wakeup_tree.h"

namespace lineup::engine {

class DporStrategy final : public Strategy {
 public:
  DporStrategy() = default;
  bool begin_execution() override { return has_next_; }
  Decision next_thread(const SchedulingPoint& point) override;
  void end_execution(const ExecutionResult& result) override;
  std::string stop_reason() const override { return "replayed prefix diverged"; }
  const HappensBefore* happens_before() const override { return &hb_; }
  /// Exhaustive once the search is done, and may_miss_classes after a fallback or an
  /// uncertain compare-exchange; nothing before.
  Coverage coverage() const override;
  /// Executions abandoned because every enabled thread was asleep (redundant).
  uint64_t blocked() const { return blocked_; }
  /// A part of a split search: wakeup branches within the first `steps` steps are other
  /// parts', dropped without a fallback.
  void fix_prefix(size_t steps) override { fixed_prefix_ = steps; }
  /// Wakeup branches whose first thread could not run when their turn came.
  uint64_t fallbacks() const { return fallbacks_; }
  /// Races of a step with the step of another thread that disabled its thread while it could
  /// run (a spinning thread woken, then put back to sleep by a write restoring the value).
  uint64_t disabled_races() const { return disabled_races_; }
  /// Races reversed to a compare-exchange whose outcome the search could not tell (the value
  /// it would read unknown, see reverse()): it was taken for an rmw, which can make a wakeup
  /// tree take a sequence for covered when it is not.
  uint64_t uncertain() const { return uncertain_; }

 private:
  struct NodeData {
    // What is left to explore from this node. Its first branch runs now, unless the thread
    // running was chosen freely (runs_branch()).
    WakeupTree wakeup;
    // The threads asleep here because the caller put them to sleep (SchedulingPoint::asleep),
    // not because this search explored them: no exploration of theirs inserts sequences
    // into this search's trees, so a sequence is left out for one of them only when its class
    // starts with that thread (a strict initial), not when it merely could (a weak one).
    uint64_t asleep_elsewhere = 0;
  };
  using Node = SearchNode<NodeData>;
  // The decision of next_thread.
  Decision choose_next(const SchedulingPoint& point);
  void add_races(const Trace& trace);
  // Reverses the race between steps j and i (j < i) of `trace`.
  void reverse(size_t j, size_t i, const Trace& trace);
  // Step x's access as a wakeup sequence holds it (`a`, dependency's): a spinning step, one
  // with enablers (spin_enablers.h), reads every location, as its spin decision read every
  // location its loop watched.
  Access spin_access(size_t x, Access a) const;
  // Drops the first branches of n's wakeup tree that cannot start here (asleep: their class
  // is explored; disabled: replaced by a branch per awake thread). Returns whether one is left.
  bool settle(Node& n, size_t step);
  // Whether n runs the first branch of its tree (else a thread chosen freely).
  static bool runs_branch(const Node& n) {
    return !n.data.wakeup.empty() && n.data.wakeup.first() == n.chosen;
  }
  const Access& pending_at(size_t step, ThreadId t) const {
    return pending_[step * static_cast<size_t>(threads_) + static_cast<size_t>(t)];
  }

  SearchTree<NodeData> tree_{SleepSets::kClassic};
  // Each node's pending accesses, threads_ per step (pending_access at that point): what
  // decides whether a thread asleep there could start a sequence.
  std::vector<Access> pending_;
  // Per step: the value its location held before it ran (memory accesses of at most 8 bytes).
  struct Before {
    uint64_t value = 0;
    uintptr_t addr = 0;
    uint32_t size = 0;
    bool known = false;
  };
  std::vector<Before> before_;
  std::vector<WakeupStep> sequence_;  // reverse()'s, kept for its capacity
  Disablers disablers_;               // of the last execution
  SpinEnablers enablers_;             // of the last execution
  int threads_ = 1;
  bool has_next_ = true;
  HappensBefore hb_;
  size_t kept_ = 0;  // nodes of the last execution's path still on the path
  uint64_t blocked_ = 0, fallbacks_ = 0, uncertain_ = 0, disabled_races_ = 0;
  size_t fixed_prefix_ = 0;  // steps fixed by the caller (fix_prefix)
};

}  // namespace lineup::engine
