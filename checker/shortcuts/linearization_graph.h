// Line-Up's question for one program against a sequential model: is there an order of the
// calls, respecting a precedence relation, in which the model gives every call the result it
// returned? Asked for many relations and results per program, so the search graph is kept
// for the whole program: its nodes are (calls done as a bitmask, model state), its edges
// (node, call, result) lead to the state the model accepts that result in, both built
// lazily and shared by every query. A query is a depth-first walk that skips the edges its
// relation forbids or its results do not take, and marks dead ends with a query stamp
// instead of a set. The model itself is asked through ModelMoves, which may outlive the program.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "checker/shortcuts/flat_table.h"
#include "checker/shortcuts/model_moves.h"
#include "specs/model.h"

namespace lineup::checker {

class LinearizationGraph {
 public:
  /// The calls `operations` (at most 64), started from model state `initial`, asking the
  /// model through `moves`, which outlives this (and is not limit()ed while this lives).
  LinearizationGraph(ModelMoves& moves, std::vector<specs::Operation> operations,
                     const specs::State& initial);
  /// The same with moves of its own, for `model`.
  LinearizationGraph(const specs::Model& model, std::vector<specs::Operation> operations,
                     const specs::State& initial);

  /// An id for the results `results[0, calls)` (the same results, the same id).
  uint32_t outcome(const int* results);
  /// Whether some order of the calls respects `precedes` (word y: bit x when call x must
  /// come before call y) and gives the results of `outcome`.
  bool legal(uint32_t outcome, const uint64_t* precedes);
  /// Whether the calls in the order `order[0, calls)` (each call once) give the results
  /// `results[0, calls)`: legal() for the relation that allows only that order, in one walk,
  /// and without giving the results an id.
  bool follows(const int* results, const int* order);
  /// The order the last legal() that returned true found (call indices), until the next
  /// legal() or completes().
  const std::vector<int>& order() const { return order_; }
  /// Whether from one of the nodes `from[0, count)` the calls not done there can be done in
  /// an order respecting `precedes` (as for legal(); its words of calls done at that node are
  /// not read) with the results of `outcome`.
  bool completes(const uint32_t* from, size_t count, uint32_t outcome, const uint64_t* precedes);

  /// Forgets every node and edge once more than `nodes` nodes are kept (the default: about
  /// 50 MB of them with 64 calls), and starts again from the root; outcome ids stay. Node ids
  /// given before are then void: call it only between queries, while no walk holds any.
  void limit(size_t nodes = kMaxNodes);
  static constexpr size_t kMaxNodes = size_t{1} << 16;

  /// Gives the queries from now on `work` steps in all (a step: a node the search visits, or
  /// what a walk spends()), and at most limit()'s nodes more than there are now. A query that
  /// runs out stops where it is: it may then answer false (and a walk true) without having
  /// looked everywhere, which exhausted() tells.
  void budget(uint64_t work);
  static constexpr uint64_t kUnlimited = UINT64_MAX;
  /// Spends `work` steps of the budget; false once it has run out (see exhausted()).
  bool spend(uint64_t work) {
    if (exhausted_) return false;
    if (work >= work_left_) {
      work_left_ = 0;
      exhausted_ = true;
      return false;
    }
    work_left_ -= work;
    return true;
  }
  /// Whether the budget ran out (steps or nodes) since budget().
  bool exhausted() const { return exhausted_; }

  // The search graph itself, for walks of its own (InterleavingWalk).
  static constexpr uint32_t kRejected = ModelMoves::kRejected;
  /// The node before any call: no call done, the initial state.
  uint32_t root() const { return root_; }
  /// The calls done at `node` (bit c: call c).
  uint64_t done(uint32_t node) const { return done_[node]; }
  /// How many nodes the graph has so far (node ids are below it).
  size_t nodes() const { return done_.size(); }
  /// The results of `outcome` (call c's at [c]).
  const int* results(uint32_t outcome) const {
    return reinterpret_cast<const int*>(outcomes_.key(outcome));
  }
  /// The node reached from `node` by call `call` returning `result`, or kRejected when the
  /// model does not return that result there (built on first use). Inline: a walk asks for
  /// an edge per call, and nearly always for one asked before with the same result.
  uint32_t edge(uint32_t node, uint32_t call, int result) {
    const LastEdge last = last_edges_[node * operations_.size() + call];
    if (last.to != kUnasked && last.result == result) return last.to;
    return other_edge(node, call, result);
  }

 private:
  // edge() when the edge asked about last from the node for the call is not for `result`
  // (or there is none yet).
  uint32_t other_edge(uint32_t node, uint32_t call, int result);
  // The edge asked of the model (not looked up): kRejected or the node reached.
  uint32_t build_edge(uint32_t node, uint32_t call, int result);
  // The constructors' common part.
  void start(const specs::State& initial);
  uint32_t node(uint64_t done, uint32_t state);
  // Starts a query: reaches_end() then follows `precedes` and the results of `outcome`.
  void start_query(uint32_t outcome, const uint64_t* precedes);
  bool reaches_end(uint32_t node);

  std::unique_ptr<ModelMoves> own_moves_;  // when not given one
  ModelMoves* moves_;
  std::vector<specs::Operation> operations_;
  std::vector<uint32_t> operation_ids_;  // ModelMoves' ids of operations_
  uint64_t all_;
  uint32_t root_;
  FlatTable outcomes_;  // results -> (unused); entry index is the outcome id
  uint32_t last_outcome_ = FlatTable::kAbsent;  // the one outcome() returned last
  FlatTable nodes_;  // (done low, done high, state) -> (unused); entry index is the node
  FlatTable edges_;  // (node, call, result) -> next node or kRejected
  // Per node and call, the result asked about last and its edge, so the common case (the
  // same results as the query before) is an array read.
  struct LastEdge {
    int result = 0;
    uint32_t to = kUnasked;
  };
  static constexpr uint32_t kUnasked = UINT32_MAX;
  std::vector<LastEdge> last_edges_;
  std::vector<uint64_t> done_;
  std::vector<uint32_t> state_of_, stamp_;  // state_of_: ModelMoves' state ids
  std::vector<int> order_;
  const uint64_t* precedes_ = nullptr;  // of the query being answered
  const int* results_ = nullptr;        // of the query being answered
  uint32_t query_ = 0;
  uint64_t work_left_ = kUnlimited;
  size_t max_nodes_ = SIZE_MAX;  // node() beyond it exhausts the budget
  bool exhausted_ = false;
};

}  // namespace lineup::checker
