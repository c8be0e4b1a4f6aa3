#include "checker/shortcuts/model_moves.h"

namespace lineup::checker {

ModelMoves::ModelMoves(const specs::Model& model) : model_(model) {
  operation_ids_.reset(2);
  moves_.reset(3);
}

uint32_t ModelMoves::state(const specs::State& state) {
  auto [it, added] = ids_.try_emplace(state, static_cast<uint32_t>(states_.size()));
  if (added) states_.push_back(state);
  return it->second;
}

uint32_t ModelMoves::operation(const specs::Operation& operation) {
  const uint32_t key[2] = {static_cast<uint32_t>(operation.op),
                           static_cast<uint32_t>(operation.arg)};
  const uint32_t id = operation_ids_.intern(key);
  if (id == operations_.size()) {
    operations_.push_back(operation);
    first_.emplace_back();
  }
  return id;
}

uint32_t ModelMoves::other_after(uint32_t from, uint32_t operation, int result) {
  std::vector<FirstMove>& row = first_[operation];
  if (from >= row.size()) row.resize(states_.size());
  if (row[from].to == kUnasked) {
    const uint32_t to = ask(from, operation, result);  // interns states, not operations: row stays
    row[from] = {result, to};
    ++size_;
    return to;
  }
  const uint32_t key[3] = {from, operation, static_cast<uint32_t>(result)};
  const uint64_t h = moves_.hash(key);
  if (const uint32_t* known = moves_.find(key, h)) return *known;
  const uint32_t to = ask(from, operation, result);
  moves_.insert(key, h, to);
  ++size_;
  return to;
}

uint32_t ModelMoves::ask(uint32_t from, uint32_t operation, int result) {
  // Assigned, not constructed: the scratch state keeps its capacity from move to move.
  scratch_ = states_[from];
  return model_.accepts(scratch_, operations_[operation], result) ? state(scratch_) : kRejected;
}

void ModelMoves::limit(size_t moves) {
  if (size_ <= moves) return;
  ids_.clear();
  states_.clear();
  operation_ids_.reset(2);
  operations_.clear();
  first_.clear();
  moves_.reset(3);
  size_ = 0;
}

}  // namespace lineup::checker
