// GAMBIT's best-first search (Coons, Burckhardt & Musuvathi, PPoPP 2010, sections 3-4): the
// executions of a preemption-bounded search, each run exactly once, in the order a priority
// function gives instead of depth-first.
//
// Executions form a tree by their deviations from a default schedule (keep running the thread
// that ran last while it can, else the lowest enabled thread): a node is an execution, and its
// children differ from it at one later step, where another enabled thread runs, and follow the
// default afterwards. Each node stores only that (step, thread) and its parent, so an execution
// is replayed from its chain of deviations. The fringe holds the discovered nodes not yet run;
// each execution adds its children, the alternatives at the steps after its own deviation that
// the preemption bound allows, and the next execution is the fringe's best node. Whatever the
// priority, every execution within the bound is run once: the order changes, not the set.
//
// No partial-order reduction (the sleep sets of section 2 rely on depth-first order): the
// executions are ICB's, and coverage is stated per execution.
#pragma once

#include <cstdint>
#include <queue>
#include <vector>

#include "engine/strategy/strategy.h"

namespace lineup::engine {

/// One priority function of the hierarchy; a node whose value is smaller runs first.
enum class GambitPriority : uint8_t {
  kPreemptions,  // BF(pb): fewer preemptions first
  kRandom,       // BF(rand): a random value drawn when the node is discovered
};

class GambitStrategy final : public Strategy {
 public:
  /// Explores every execution with at most `bound` preemptions (every execution when -1), in
  /// the order of `priorities`: the first decides, the next breaks its ties, and among equal
  /// nodes the most recently discovered runs first (depth-first, which keeps the fringe
  /// small). `seed` draws the kRandom values. The default hierarchy is BF(pb, rand): bounds
  /// complete one after the other, each in a random order.
  explicit GambitStrategy(int bound = -1, uint64_t seed = 1,
                          const std::vector<GambitPriority>& priorities = {
                              GambitPriority::kPreemptions, GambitPriority::kRandom});
  bool begin_execution() override;
  Decision next_thread(const SchedulingPoint& point) override;
  void end_execution(const ExecutionResult& result) override;
  std::string stop_reason() const override { return "replayed deviation diverged"; }

  /// The highest c such that every execution with at most c preemptions has run: one less
  /// than the fewest preemptions of a node still in the fringe (a node's descendants have at
  /// least its preemptions); the bound, or exhaustive without one, once the fringe is empty.
  Coverage coverage() const override;
  /// Nodes discovered and not yet run.
  size_t fringe_size() const { return fringe_.size(); }

 private:
  // An execution: its parent and the one step where it deviates from the parent's. The root
  // (index 0) is the default schedule and deviates nowhere.
  struct Node {
    uint32_t parent = 0;
    uint32_t step = 0;
    ThreadId thread = kNoThread;
    int preemptions = 0;
  };
  struct Entry {
    uint64_t key;  // the priorities and the discovery order, packed to compare as one number
    uint32_t node;
    bool operator>(const Entry& o) const { return key > o.key; }
  };
  // What the running execution did at each step, to discover its children.
  struct Step {
    uint64_t enabled;
    ThreadId chosen;
    ThreadId previous;
  };

  uint64_t key(int preemptions);
  void discover(uint32_t parent, uint32_t step, ThreadId thread, int preemptions);

  int bound_;
  uint64_t rng_;
  std::vector<GambitPriority> priorities_;
  std::vector<Node> nodes_;
  std::priority_queue<Entry, std::vector<Entry>, std::greater<>> fringe_;
  std::vector<uint64_t> fringe_by_preemptions_;  // fringe nodes per preemption count
  uint32_t discovered_ = 0;                      // discovery order, for the LIFO tie-break
  bool started_ = false;
  bool running_ = false;  // between begin_execution and end_execution

  uint32_t current_ = 0;                             // the node being run
  std::vector<std::pair<uint32_t, ThreadId>> path_;  // its deviations, by step
  size_t next_deviation_ = 0;
  bool diverged_ = false;
  std::vector<Step> steps_;
};

}  // namespace lineup::engine
