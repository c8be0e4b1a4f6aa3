#include "checker/model_moves.h"

namespace lineup::checker {

ModelMoves::ModelMoves(const specs::Model& model) : model_(model) { moves_.reset(4); }

uint32_t ModelMoves::state(const specs::State& state) {
  auto [it, added] = ids_.try_emplace(state, static_cast<uint32_t>(states_.size()));
  if (added) states_.push_back(state);
  return it->second;
}

uint32_t ModelMoves::after(uint32_t from, const specs::Operation& operation, int result) {
  const uint32_t key[4] = {from, static_cast<uint32_t>(operation.op),
                           static_cast<uint32_t>(operation.arg), static_cast<uint32_t>(result)};
  const uint64_t h = moves_.hash(key);
  if (const uint32_t* known = moves_.find(key, h)) return *known;
  // Assigned, not constructed: the scratch state keeps its capacity from move to move.
  scratch_ = states_[from];
  const uint32_t to = model_.accepts(scratch_, operation, result) ? state(scratch_) : kRejected;
  moves_.insert(key, h, to);
  return to;
}

void ModelMoves::limit(size_t moves) {
  if (moves_.size() <= moves) return;
  ids_.clear();
  states_.clear();
  moves_.reset(4);
}

}  // namespace lineup::checker
