// The moves of one sequential model, kept for a whole hunt: its states interned by value, and
// for each (state, operation, result) the state the model accepts that result in, or none. A
// program's search graph (ModelOrders) is built from them. Programs share most of their moves
// (a queue holding 1 then 2 is the same state in every program that reaches it), and a program
// explored in a few hundred executions (a locked queue under CB-DPOR: about 240) would
// otherwise spend most of its check computing the model again.
#pragma once

#include <cstddef>
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "checker/flat_table.h"
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
  /// The state `operation` leaves state `from` in when it returns `result`, or kRejected when
  /// the model does not return that result there.
  uint32_t after(uint32_t from, const specs::Operation& operation, int result);
  /// Forgets every state and move once more than `moves` moves are kept (the default: about
  /// 40 MB of them). State ids given before are then void: call it only while no search
  /// graph (ModelOrders) made with these moves lives, between programs.
  void limit(size_t moves = size_t{1} << 20);
  size_t size() const { return moves_.size(); }

 private:
  struct StateHash {
    size_t operator()(const specs::State& s) const {
      uint64_t h = s.size();
      for (int v : s) h = (h ^ static_cast<uint32_t>(v)) * 0x9e3779b97f4a7c15ULL;
      return static_cast<size_t>(h ^ (h >> 29));
    }
  };

  const specs::Model& model_;
  std::unordered_map<specs::State, uint32_t, StateHash> ids_;
  std::vector<specs::State> states_;
  FlatTable moves_;       // (state, operation, argument, result) -> state or kRejected
  specs::State scratch_;  // the state a move is computed in
};

}  // namespace lineup::checker
