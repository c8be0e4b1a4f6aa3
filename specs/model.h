// Sequential specifications as pure functions (porcupine-style): a state with value semantics,
// and how each operation transforms it and what it returns.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace lineup::specs {

/// One operation with its argument, as a call in a test program makes it.
struct Operation {
  int op = 0;   // index into Model::operation_names()
  int arg = 0;  // ignored by operations without an argument
  bool operator==(const Operation&) const = default;
};

/// The abstract state: the structure's contents, in the model's own order.
using State = std::vector<int>;

/// A sequential model. Implementations are stateless; all state is in State.
class Model {
 public:
  virtual ~Model() = default;
  /// Short name, e.g. "queue"; reports say "the queue model".
  virtual std::string name() const = 0;
  /// What the model is, for `lineup list`: name() and what sets this model apart from others
  /// of that name, e.g. "queue with empty", "bounded stack (4)", "pool-bounded queue (2)".
  /// By default name().
  virtual std::string kind() const { return name(); }
  /// The operations, by index (Operation::op).
  virtual const std::vector<std::string>& operation_names() const = 0;
  /// Whether operation `op` takes an argument.
  virtual bool takes_argument(int op) const = 0;
  /// The state of a fresh structure.
  virtual State initial() const { return {}; }
  /// Applies `operation` to `state` and returns its result.
  virtual int apply(State& state, const Operation& operation) const = 0;
  /// Whether `operation` may return `result` in `state`, updating `state` as it then would.
  /// By default the one result apply gives; a model with several allowed outcomes (a push
  /// that may be refused) overrides it. apply stays the outcome reports call expected.
  virtual bool accepts(State& state, const Operation& operation, int result) const {
    return apply(state, operation) == result;
  }
  /// The hand-offs of this kind of structure: operation pairs (from, to), by name, such that
  /// a call of `to` can see a value a call of `from` gave (a pop returns what a push took, a
  /// contains finds what an insert added). They are what a structure of this kind usually
  /// promises about happens-before; Structure::synchronizes_handoffs() declares them.
  /// Nothing is promised unless declared. Queues and stacks: push -> pop; sets: insert ->
  /// contains and insert -> erase. By default none.
  virtual std::vector<std::pair<std::string, std::string>> handoffs() const { return {}; }
  /// "push(3)", "pop()" for reports.
  std::string describe(const Operation& operation) const;
  /// "3", "empty", "true" for reports.
  virtual std::string describe_result(const Operation& operation, int result) const;
};

/// Result of a pop/dequeue on an empty structure.
inline constexpr int kEmpty = -1;

/// FIFO queue: push(v) -> 1 (accepted); pop() -> front value or kEmpty.
const Model& queue_model();
/// FIFO queue with empty() -> 1 (true) or 0 (false) as a third operation.
const Model& queue_with_empty_model();
/// FIFO queue holding at most `capacity` values: push(v) -> 0 (refused) when full.
const Model& bounded_queue_model(int capacity);
/// LIFO stack holding at most `capacity` values: push(v) -> 0 (refused) when full.
const Model& bounded_stack_model(int capacity);
/// Queue and stack whose push may be refused (-> 0, nothing changes) at any time, and must
/// be refused when `capacity` values are held; pop is exact. The promise of containers that
/// refuse a push when their node pool is exhausted, where nodes held by concurrent calls
/// count against the pool (Boost.Lockfree's fixed-size containers).
const Model& pool_bounded_queue_model(int capacity);
const Model& pool_bounded_stack_model(int capacity);
/// Queue holding at most `capacity` values whose "empty" and "full" answers may be stale: a pop
/// may answer kEmpty and a push be refused (-> 0) at any time, changing nothing, and a push
/// must be refused when `capacity` values are held; a value popped is exact (pushed, not lost,
/// not duplicated, in FIFO order). The promise of a ring whose two sides learn of each other's
/// progress only through acquire loads of an index or a cell's sequence number (Boost's
/// spsc_queue, Vyukov's bounded queue): under C++'s memory model either side may read an old
/// index and report empty or full after the other side's push or pop has returned. Declared
/// for a structure, it holds under every memory model: a spurious empty under sequential
/// consistency is then accepted too.
const Model& stale_bounded_queue_model(int capacity);
/// LIFO stack: push(v) -> 1; pop() -> top value or kEmpty.
const Model& stack_model();
/// LIFO stack with empty() -> 1 (true) or 0 (false) as a third operation.
const Model& stack_with_empty_model();
/// Set: insert(v), erase(v), contains(v) -> 1 (true) or 0 (false).
const Model& set_model();

}  // namespace lineup::specs
