// Whether every interleaving a boundary order allows admits a legal order of the calls,
// answered in one walk instead of one search per precedence relation (Interleavings).
//
// Along an interleaving of the boundary events, the orders still possible are the nodes of
// the program's search graph (calls done, model state) reachable by doing calls already
// invoked, among which every call that has responded is done: an order respects the
// interleaving's relation iff each call can be placed between its invocation and response.
// An invocation widens that set (the new call may be done, then others), a response narrows
// it. The walk branches on which invocation comes next, takes responses as early as
// possible (a response taken early only narrows the set, so those interleavings decide), and
// explores each (events per thread, node set) once: the rest of the walk depends on nothing
// else. An empty set is an interleaving no order explains. Where one order of the calls not
// yet done, after a node of the set, respects every relation the rest of the interleavings
// may add, that order explains all of them, and the walk goes no further from there.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "checker/boundary_order.h"
#include "checker/shortcuts/flat_table.h"
#include "checker/shortcuts/linearization_graph.h"

namespace lineup::checker {

class InterleavingWalk {
 public:
  /// Whether every interleaving `order` allows has an order of the calls, respecting it, in
  /// which `graph`'s model gives the results of `outcome`. Buffers are kept between calls.
  /// Each position visited spends the graph's budget (1 and a step per node of its set): once
  /// graph.exhausted(), true only says that no failing interleaving was found (false is
  /// always one found).
  bool every_one_legal(const BoundaryOrder& order, LinearizationGraph& graph, uint32_t outcome);
  /// After every_one_legal() returned false, and while its order lives unchanged: the
  /// relation (as Interleavings::relation() gives one) of an interleaving the order allows
  /// that no order of the calls explains, the one along which the walk failed (completed
  /// by taking the first thread that can go, where the walk stopped).
  void failing_relation(uint64_t* precedes) const;

 private:
  using Position = std::array<uint8_t, 64>;  // events done per thread

  // What the walk knows at a position besides the node set: the calls whose invocations
  // and responses it has passed, and the calls within which the cycles of the relations the
  // rest of the walk may add lie (further on, those relations only lose edges).
  struct Passed {
    uint64_t invoked = 0, responded = 0, cyclic = 0;
    uint64_t moved = 0;   // the calls invoked or responded by the move to the position
    uint64_t asleep = 0;  // threads whose invocation next leads where the walk has been
  };
  // Whether every interleaving from `pos` works, with the node set nodes_[first, first +
  // count); `passed.cyclic` holds the calls of every cycle from there on, and is narrowed.
  bool walk(const Position& pos, size_t first, size_t count, Passed passed);
  // Whether one order explains every interleaving from there (see above): call x must come
  // before call y in some of them only when y is not invoked yet, x has not responded, and
  // x can respond before y is invoked (the union of the relations, union_). While that
  // relation has a cycle, no order does: `passed->cyclic` becomes its cyclic core (the one
  // before, when the move touched none of its calls).
  bool one_order_explains_the_rest(size_t first, size_t count, Passed* passed);
  // Appends the nodes reachable from nodes_[first, first + count) by doing calls in
  // `invoked`, the given ones included; returns where they start. The given set is closed
  // under the calls in `invoked` but `call`, the one just invoked.
  size_t widen(size_t first, size_t count, uint64_t invoked, uint64_t call);
  // False when (pos, set) was explored before; otherwise remembers it.
  bool first_visit(const Position& pos, size_t first, size_t count);

  const BoundaryOrder* order_ = nullptr;
  LinearizationGraph* graph_ = nullptr;
  const int* results_ = nullptr;
  uint32_t outcome_ = 0;
  std::vector<uint64_t> union_;  // every relation the order allows, merged
  std::vector<uint64_t> rest_;   // the part of union_ the rest of a walk may add
  size_t pos_words_ = 0;
  std::vector<uint32_t> nodes_;  // the node sets of the walk's path, stacked
  std::vector<uint32_t> marks_;  // per graph node: the widen() that added it
  uint32_t mark_ = 0;
  FlatTable visited_;           // (position, set hash) -> offset of the set in sets_
  std::vector<uint32_t> sets_;  // visited sets: size, then node ids
  std::vector<uint32_t> key_;
  // The threads whose invocations led the walk to an empty set, first move first once the
  // walk has returned (stacked from the last while it unwinds).
  std::vector<int> failure_;
};

}  // namespace lineup::checker
