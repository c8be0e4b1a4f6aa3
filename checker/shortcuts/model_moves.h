// The moves of one sequential model, kept for a whole hunt: its states interned by value, and
// for each (state, operation, result) the state the model accepts that result in, or none. A
// program's search graph (LinearizationGraph) is built from them. Programs share most of their
// moves (a queue holding 1 then 2 is the same state in every program that reaches it), and a
// program explored in a few hundred executions (a locked queue under CB-DPOR: about 240) would
// otherwise spend most of its check computing the model again.
#pragma once

#include <cstddef>
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "checker/shortcuts/flat_table.h"
#include "specs/model.h"

namespace lineup::checker {

class ModelMoves {
 public:
  static constexpr uint32_t kRejected = UINT32_MAX - 1;

  /// Moves of `model`, which must outlive this.
  explicit ModelMoves(const specs::Model& model);

  const specs::Model& model() const { return model_; }
  /// The id of `state` (the same state by value, the same id).
  uint32_t state(const specs::State& state);
  /// The id of `operation` (the same operation and argument, the same id).
  uint32_t operation(const specs::Operation& operation);
  /// The state operation `operation` (an id from operation()) leaves state `from` in when it
  /// returns `result`, or kRejected when the model does not return that result there.
  /// Inline: a walk asks for a move per call, and nearly always for the first result asked
  /// of that operation in that state (a deterministic model accepts one).
  uint32_t after(uint32_t from, uint32_t operation, int result) {
    const std::vector<FirstMove>& row = first_[operation];
    if (from < row.size() && row[from].to != kUnasked && row[from].result == result) {
      return row[from].to;
    }
    return other_after(from, operation, result);
  }
  /// The same for an operation given by value.
  uint32_t after(uint32_t from, const specs::Operation& operation, int result) {
    return after(from, this->operation(operation), result);
  }
  /// Forgets every state, operation and move once more than `moves` moves are kept (the
  /// default: about 40 MB of them). Ids given before are then void: call it only while no
  /// search graph (LinearizationGraph) made with these moves lives, between programs.
  void limit(size_t moves = size_t{1} << 20);
  /// How many moves are kept.
  size_t size() const { return size_; }

 private:
  struct StateHash {
    size_t operator()(const specs::State& s) const {
      uint64_t h = s.size();
      for (int v : s) h = (h ^ static_cast<uint32_t>(v)) * 0x9e3779b97f4a7c15ULL;
      return static_cast<size_t>(h ^ (h >> 29));
    }
  };
  // The first result asked of an operation in a state, and its move.
  struct FirstMove {
    int result = 0;
    uint32_t to = UINT32_MAX;
  };
  static constexpr uint32_t kUnasked = UINT32_MAX;

  // after() past its first move: kept in moves_, or asked of the model.
  uint32_t other_after(uint32_t from, uint32_t operation, int result);
  // The move asked of the model.
  uint32_t ask(uint32_t from, uint32_t operation, int result);

  const specs::Model& model_;
  std::unordered_map<specs::State, uint32_t, StateHash> ids_;
  std::vector<specs::State> states_;
  FlatTable operation_ids_;                    // (op, argument) -> (unused); entry index is the id
  std::vector<specs::Operation> operations_;   // by id
  std::vector<std::vector<FirstMove>> first_;  // [operation][state]
  FlatTable moves_;       // (state, operation, result) -> state or kRejected, past first_
  size_t size_ = 0;       // moves kept, in first_ and moves_
  specs::State scratch_;  // the state a move is computed in
};

}  // namespace lineup::checker
