// Line-Up's question for one program against a sequential model: is there an order of the
// calls, respecting a precedence relation, in which the model gives every call the result it
// returned? Asked for many relations and results per program, so the search graph is kept
// for the whole program: its nodes are (calls done as a bitmask, model state), its edges
// (node, call, result) lead to the state the model accepts that result in, both built
// lazily and shared by every query. A query is a depth-first walk that skips the edges its
// relation forbids or its results do not take, and marks dead ends with a query stamp
// instead of a set.
#pragma once

#include <cstdint>
#include <unordered_map>
#include <vector>

#include "checker/flat_table.h"
#include "specs/model.h"

namespace lineup::checker {

class ModelOrders {
 public:
  /// The calls `operations` (at most 64), started from model state `initial`.
  ModelOrders(const specs::Model& model, std::vector<specs::Operation> operations,
              const specs::State& initial);

  /// An id for the results `results[0, calls)` (the same results, the same id).
  uint32_t outcome(const int* results);
  /// Whether some order of the calls respects `precedes` (word y: bit x when call x must
  /// come before call y) and gives the results of `outcome`.
  bool legal(uint32_t outcome, const uint64_t* precedes);
  /// Whether the calls in the order `order[0, calls)` (each call once) give the results of
  /// `outcome`: legal() for the relation that allows only that order, in one walk.
  bool follows(uint32_t outcome, const int* order);
  /// The order the last legal() that returned true found (call indices).
  const std::vector<int>& order() const { return order_; }

  // The search graph itself, for walks of its own (InterleavingWalk).
  static constexpr uint32_t kRejected = UINT32_MAX - 1;
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
  /// model does not return that result there (built on first use).
  uint32_t edge(uint32_t node, uint32_t call, int result);

 private:
  uint32_t node(uint64_t done, uint32_t state);
  uint32_t state_id(const specs::State& state);
  bool reaches_end(uint32_t node);

  const specs::Model& model_;
  std::vector<specs::Operation> operations_;
  uint64_t all_;
  uint32_t root_;
  FlatTable outcomes_;  // results -> (unused); entry index is the outcome id
  FlatTable nodes_;     // (done low, done high, state) -> (unused); entry index is the node
  FlatTable edges_;     // (node, call, result) -> next node or kRejected
  // Per node and call, the first result asked about and its edge, so the common case (one
  // result per call, as a deterministic model accepts) is an array read.
  struct FirstEdge {
    int result = 0;
    uint32_t to = kUnasked;
  };
  static constexpr uint32_t kUnasked = UINT32_MAX;
  std::vector<FirstEdge> first_edges_;
  std::vector<uint64_t> done_;
  std::vector<uint32_t> state_of_, stamp_;
  // Model states by value. Hashed: a program's graph is built during its first executions,
  // and for short programs (a locked queue: about 240 executions) building it is most of the
  // check's time.
  struct StateHash {
    size_t operator()(const specs::State& s) const {
      uint64_t h = s.size();
      for (int v : s) h = (h ^ static_cast<uint32_t>(v)) * 0x9e3779b97f4a7c15ULL;
      return static_cast<size_t>(h ^ (h >> 29));
    }
  };
  std::unordered_map<specs::State, uint32_t, StateHash> state_ids_;
  std::vector<specs::State> states_;
  specs::State scratch_;  // the state an edge is computed in
  std::vector<int> order_;
  const uint64_t* precedes_ = nullptr;  // of the query being answered
  const int* results_ = nullptr;        // of the query being answered
  uint32_t query_ = 0;
};

}  // namespace lineup::checker
