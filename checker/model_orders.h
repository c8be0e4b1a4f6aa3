// Line-Up's question for one program against a sequential model: is there an order of the
// calls, respecting a precedence relation, in which the model gives every call the result it
// returned? Asked for many relations per program, so the search graph is kept for the whole
// program: its nodes are (results, calls done as a bitmask, model state), built lazily and
// shared by every query on the same results; a query is a depth-first walk that skips the
// edges its relation forbids and marks dead ends with a query stamp instead of a set.
#pragma once

#include <cstdint>
#include <map>
#include <vector>

#include "checker/flat_table.h"
#include "specs/model.h"

namespace lineup::checker {

class ModelOrders {
 public:
  /// The calls `operations` (at most 64), started from model state `initial`.
  ModelOrders(const specs::Model& model, std::vector<specs::Operation> operations,
              specs::State initial);

  /// An id for the results `results[0, calls)` (the same results, the same id).
  uint32_t outcome(const int* results);
  /// Whether some order of the calls respects `precedes` (word y: bit x when call x must
  /// come before call y) and gives the results of `outcome`.
  bool legal(uint32_t outcome, const uint64_t* precedes);
  /// The order the last legal() that returned true found (call indices).
  const std::vector<int>& order() const { return order_; }

 private:
  static constexpr int32_t kUnknown = -2, kRejected = -1;

  uint32_t node(uint32_t outcome, uint64_t done, uint32_t state);
  uint32_t state_id(const specs::State& state);
  int32_t edge(uint32_t node, size_t call);
  bool reaches_end(uint32_t node);

  const specs::Model& model_;
  std::vector<specs::Operation> operations_;
  uint64_t all_;
  uint32_t initial_;
  FlatTable outcomes_;  // results -> (unused); entry index is the outcome id
  std::vector<uint32_t> roots_;
  FlatTable nodes_;  // (outcome, done low, done high, state) -> (unused); index is the node
  std::vector<uint64_t> done_;
  std::vector<uint32_t> state_of_, outcome_of_, stamp_;
  std::vector<int32_t> edges_;  // per node and call: the next node, kRejected or kUnknown
  std::map<specs::State, uint32_t> state_ids_;
  std::vector<specs::State> states_;
  std::vector<int> order_;
  const uint64_t* precedes_ = nullptr;  // of the query being answered
  uint32_t query_ = 0;
};

}  // namespace lineup::checker
