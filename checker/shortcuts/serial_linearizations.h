// Line-Up's question for one program against its own serial runs (phase 1): did some serial
// order that produced these results respect a precedence relation? The orders of each
// outcome are kept as a trie, so orders sharing a prefix are checked once, and a query walks
// it depth-first, leaving a branch at the first call the relation does not allow yet.
#pragma once

#include <cstdint>
#include <map>
#include <vector>

#include "checker/shortcuts/flat_table.h"

namespace lineup::checker {

class SerialLinearizations {
 public:
  static constexpr uint32_t kNoOutcome = UINT32_MAX;

  /// Outcome (every call's result, then any further results) -> the serial orders (call
  /// indices) that produced it.
  explicit SerialLinearizations(
      const std::map<std::vector<int>, std::vector<std::vector<int>>>& outcomes);

  /// The id of `results` (results_size ints) among the outcomes, or kNoOutcome.
  uint32_t outcome(const int* results);
  /// Whether some serial order of `outcome` respects `precedes` (word y: bit x when call x
  /// must come before call y).
  bool legal(uint32_t outcome, const uint64_t* precedes);
  /// The order the last legal() that returned true found (call indices).
  const std::vector<int>& order() const { return order_; }

 private:
  struct Node {
    uint32_t call = 0;                       // the call this node places
    uint32_t first_child = 0, children = 0;  // in child_
  };
  bool completes(uint32_t node, uint64_t done, const uint64_t* precedes);

  FlatTable outcomes_;           // results -> (unused); entry index is the outcome id
  std::vector<uint32_t> roots_;  // per outcome: a node whose children are the first calls
  std::vector<Node> nodes_;
  std::vector<uint32_t> child_;  // node indices, grouped per parent
  std::vector<int> order_;
};

}  // namespace lineup::checker
