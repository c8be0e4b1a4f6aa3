#include "checker/shortcuts/linearization_graph.h"

#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <string>

#include "checker/call_set.h"

namespace lineup::checker {

LinearizationGraph::LinearizationGraph(ModelMoves& moves, std::vector<specs::Operation> operations,
                                       const specs::State& initial)
    : moves_(&moves), operations_(std::move(operations)) {
  start(initial);
}

LinearizationGraph::LinearizationGraph(const specs::Model& model,
                                       std::vector<specs::Operation> operations,
                                       const specs::State& initial)
    : own_moves_(std::make_unique<ModelMoves>(model)),
      moves_(own_moves_.get()),
      operations_(std::move(operations)) {
  start(initial);
}

void LinearizationGraph::start(const specs::State& initial) {
  if (operations_.size() > kMaxCalls) {
    throw std::invalid_argument("at most " + std::to_string(kMaxCalls) + " calls can be checked");
  }
  all_ = first_calls(operations_.size());
  outcomes_.reset(operations_.size());
  last_outcome_ = FlatTable::kAbsent;
  nodes_.reset(3);
  edges_.reset(3);
  // A program of a few calls per thread builds hundreds of nodes and edges; growing to that
  // size one doubling at a time costs more than reserving it.
  nodes_.reserve(512);
  edges_.reserve(1024);
  for (const specs::Operation& op : operations_) operation_ids_.push_back(moves_->operation(op));
  root_ = node(0, moves_->state(initial));
}

void LinearizationGraph::limit(size_t nodes) {
  if (done_.size() <= nodes) return;
  const uint32_t initial = state_of_[root_];
  nodes_.reset(3);
  edges_.reset(3);
  last_edges_.clear();
  done_.clear();
  state_of_.clear();
  stamp_.clear();
  root_ = node(0, initial);
}

void LinearizationGraph::budget(uint64_t work) {
  work_left_ = work;
  max_nodes_ = work == kUnlimited ? SIZE_MAX : done_.size() + kMaxNodes;
  exhausted_ = false;
}

uint32_t LinearizationGraph::outcome(const int* results) {
  // Consecutive executions mostly give the same results: compared with the last ones first,
  // without hashing them.
  if (last_outcome_ != FlatTable::kAbsent &&
      std::memcmp(outcomes_.key(last_outcome_), results, operations_.size() * sizeof(int)) == 0) {
    return last_outcome_;
  }
  last_outcome_ = outcomes_.intern(reinterpret_cast<const uint32_t*>(results));
  return last_outcome_;
}

uint32_t LinearizationGraph::node(uint64_t done, uint32_t state) {
  const uint32_t key[3] = {static_cast<uint32_t>(done), static_cast<uint32_t>(done >> 32), state};
  uint32_t id = nodes_.intern(key);
  if (id == done_.size()) {
    if (id >= max_nodes_) exhausted_ = true;
    done_.push_back(done);
    state_of_.push_back(state);
    stamp_.push_back(0);
    last_edges_.resize(last_edges_.size() + operations_.size());
  }
  return id;
}

uint32_t LinearizationGraph::other_edge(uint32_t from, uint32_t call, int result) {
  // Every edge built is in the table; the array keeps the one asked about last per node and
  // call (consecutive queries mostly ask for the same results).
  const uint32_t key[3] = {from, call, static_cast<uint32_t>(result)};
  uint64_t h = edges_.hash(key);
  uint32_t to = 0;
  if (const uint32_t* known = edges_.find(key, h)) {
    to = *known;
  } else {
    to = build_edge(from, call, result);
    edges_.insert(key, h, to);
  }
  last_edges_[from * operations_.size() + call] = {result, to};  // node() may have grown it
  return to;
}

uint32_t LinearizationGraph::build_edge(uint32_t from, uint32_t call, int result) {
  const uint32_t state = moves_->after(state_of_[from], operation_ids_[call], result);
  return state == kRejected ? kRejected : node(done_[from] | (uint64_t{1} << call), state);
}

bool LinearizationGraph::reaches_end(uint32_t n) {
  uint64_t done = done_[n];
  if (done == all_) return true;
  // Reached before in this query and not the end: a dead end (the walk stops at success,
  // and no node is its own descendant).
  if (stamp_[n] == query_ || !spend(1)) return false;
  stamp_[n] = query_;
  for (uint64_t left = all_ & ~done; left != 0; left &= left - 1) {
    const auto c = static_cast<uint32_t>(__builtin_ctzll(left));
    if (precedes_[c] & ~done) continue;
    uint32_t to = edge(n, c, results_[c]);
    if (to != kRejected && reaches_end(to)) {
      order_.push_back(static_cast<int>(c));  // the walk unwinds from the last call
      return true;
    }
  }
  return false;
}

bool LinearizationGraph::follows(const int* chosen, const int* order) {
  // Along the model's moves, which every program shares, rather than this program's graph: a
  // program explored a few hundred times (a locked queue under CB-DPOR) would otherwise add
  // an edge to its graph at nearly every execution, each costing more than the walk.
  uint32_t state = state_of_[root_];
  for (size_t k = 0; k < operations_.size(); ++k) {
    const auto c = static_cast<size_t>(order[k]);
    state = moves_->after(state, operation_ids_[c], chosen[c]);
    if (state == kRejected) return false;
  }
  return true;
}

void LinearizationGraph::start_query(uint32_t outcome, const uint64_t* precedes) {
  precedes_ = precedes;
  results_ = results(outcome);
  if (++query_ == 0) {  // stamps wrapped: forget them all
    std::fill(stamp_.begin(), stamp_.end(), 0);
    query_ = 1;
  }
  order_.clear();
}

bool LinearizationGraph::legal(uint32_t outcome, const uint64_t* precedes) {
  start_query(outcome, precedes);
  if (!reaches_end(root_)) return false;
  std::reverse(order_.begin(), order_.end());
  return true;
}

bool LinearizationGraph::completes(const uint32_t* from, size_t count, uint32_t outcome,
                                   const uint64_t* precedes) {
  // One query for every node: a dead end found from one is a dead end from the others.
  start_query(outcome, precedes);
  for (size_t i = 0; i < count; ++i) {
    if (reaches_end(from[i])) return true;
  }
  return false;
}

}  // namespace lineup::checker
