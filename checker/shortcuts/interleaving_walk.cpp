#include "checker/shortcuts/interleaving_walk.h"

#include <algorithm>
#include <bit>
#include <cstring>

#include "checker/call_set.h"
#include "checker/shortcuts/cycles.h"

namespace lineup::checker {

bool InterleavingWalk::every_one_legal(const BoundaryOrder& order, LinearizationGraph& graph,
                                       uint32_t outcome) {
  order_ = &order;
  graph_ = &graph;
  results_ = graph.results(outcome);
  outcome_ = outcome;
  union_.resize(order.calls());
  rest_.resize(order.calls());
  order.possible_precedence(union_.data());
  pos_words_ = (static_cast<size_t>(order.threads()) + 3) / 4;
  key_.assign(pos_words_ + 2, 0);
  visited_.reset(key_.size());
  sets_.clear();
  nodes_.assign(1, graph.root());
  Position start{};
  order.take_responses(start.data());  // none: every thread starts with an invocation
  Passed passed;
  passed.cyclic = first_calls(order.calls());
  passed.moved = passed.cyclic;
  failure_.clear();
  if (walk(start, 0, 1, passed)) return true;
  std::reverse(failure_.begin(), failure_.end());
  return false;
}

void InterleavingWalk::failing_relation(uint64_t* precedes) const {
  // An interleaving's relation: each call preceded by the calls that responded before its
  // invocation (responses taken as early as possible, as along the walk).
  std::fill(precedes, precedes + order_->calls(), 0);
  Position pos{};
  order_->take_responses(pos.data());
  auto invoke = [&](int q) {
    const auto t = static_cast<size_t>(q);
    precedes[order_->base(q) + pos[t] / 2u] = order_->calls_at(pos.data(), true);
    ++pos[t];
    order_->take_responses(pos.data());
  };
  for (int q : failure_) invoke(q);
  for (int q = 0; q < order_->threads();) {
    if (order_->can_take(q, pos.data())) {
      invoke(q);
      q = 0;
    } else {
      ++q;
    }
  }
}

bool InterleavingWalk::walk(const Position& pos, size_t first, size_t count, Passed passed) {
  // Out of the graph's budget: the walk stops, and only exhausted() tells it has not ended.
  if (!graph_->spend(1 + count)) return true;
  if (!first_visit(pos, first, count)) return true;
  if (one_order_explains_the_rest(first, count, &passed)) return true;
  // The threads whose invocation from here took no response, explored already. Invoking
  // q and then r, with no response taken after either, leads to the same position and set
  // as r and then q (both sets are those reached by doing the calls invoked, less those
  // without the responses taken then); so after q's branch has passed, r's need not invoke
  // q next (sleep sets, Godefroid 1996, on the walk's own moves).
  uint64_t quiet = 0;
  for (int q = 0; q < order_->threads(); ++q) {
    if (!order_->can_take(q, pos.data()) || ((passed.asleep >> q) & 1) != 0) continue;
    // After take_responses(), every event that can come is an invocation: event 2i of q is
    // its call i's.
    Position next = pos;
    const auto t = static_cast<size_t>(q);
    const uint64_t call = uint64_t{1} << (order_->base(q) + next[t] / 2u);
    const uint64_t now_invoked = passed.invoked | call;
    ++next[t];
    const size_t start = widen(first, count, now_invoked, call);
    // Only the calls that respond now need checking: every node of the set, and every node
    // widen() reached from them, has done those that responded before.
    const uint64_t now_responded = order_->take_responses(next.data());
    // The nodes kept, sorted (so that equal sets reached along different interleavings
    // compare equal) by insertion: the sets are small.
    uint32_t* const set = nodes_.data() + start;
    size_t kept = 0;
    for (size_t i = 0, n = nodes_.size() - start; i < n; ++i) {
      const uint32_t node = set[i];
      if ((graph_->done(node) & now_responded) != now_responded) continue;
      size_t at = kept++;
      for (; at > 0 && set[at - 1] > node; --at) set[at] = set[at - 1];
      set[at] = node;
    }
    nodes_.resize(start + kept);
    if (kept == 0) {
      failure_.push_back(q);
      return false;
    }
    const bool ok = walk(next, start, kept,
                         {now_invoked, passed.responded | now_responded, passed.cyclic,
                          call | now_responded, now_responded == 0 ? quiet : 0});
    nodes_.resize(start);
    if (!ok) {
      failure_.push_back(q);
      return false;
    }
    if (now_responded == 0) quiet |= uint64_t{1} << q;
  }
  return true;
}

bool InterleavingWalk::one_order_explains_the_rest(size_t first, size_t count, Passed* passed) {
  // A move that touched no call of the cycles before keeps every edge among them: the
  // cycles are still there (and no others, as the rest only lost edges).
  if (passed->cyclic != 0 && (passed->cyclic & passed->moved) == 0) return false;
  const size_t calls = union_.size();
  for (size_t y = 0; y < calls; ++y) {
    rest_[y] = ((passed->invoked >> y) & 1) ? 0 : union_[y] & ~passed->responded;
  }
  // A cycle: no order respects it (the walk's early positions, while the calls that
  // overlap have yet to come). It lies within the cycles of the position before, if any.
  if (passed->cyclic != 0) passed->cyclic = cyclic_core_within(rest_.data(), passed->cyclic);
  if (std::popcount(passed->cyclic) == 2) {
    // Two calls each of which may come first, and no other cycle: the interleavings from
    // here put x first, or y, or neither; an order for each of the first two explains them.
    const auto x = static_cast<size_t>(std::countr_zero(passed->cyclic));
    const auto y = static_cast<size_t>(63 - std::countl_zero(passed->cyclic));
    const uint64_t x_bit = uint64_t{1} << x, y_bit = uint64_t{1} << y;
    rest_[y] &= ~x_bit;
    const bool y_first = graph_->completes(&nodes_[first], count, outcome_, rest_.data());
    rest_[y] |= x_bit;
    if (!y_first) return false;
    rest_[x] &= ~y_bit;
    return graph_->completes(&nodes_[first], count, outcome_, rest_.data());
  }
  if (passed->cyclic != 0) return false;
  return graph_->completes(&nodes_[first], count, outcome_, rest_.data());
}

size_t InterleavingWalk::widen(size_t first, size_t count, uint64_t invoked, uint64_t call) {
  if (++mark_ == 0) {  // marks wrapped: forget them all
    std::fill(marks_.begin(), marks_.end(), 0);
    mark_ = 1;
  }
  // The set's own nodes come first. None has done `call` (it was not invoked), so none of
  // the nodes reached below is among them: only those are marked, to be added once.
  const size_t start = nodes_.size();
  nodes_.reserve(start + count);
  for (size_t i = first; i < first + count; ++i) nodes_.push_back(nodes_[i]);
  auto add = [&](uint32_t n) {
    if (n >= marks_.size()) marks_.resize(graph_->nodes(), 0);
    if (marks_[n] == mark_) return;
    marks_[n] = mark_;
    nodes_.push_back(n);
  };
  // The set is closed under the calls invoked before `call` (every node reached by doing one
  // was added, and the responses since removed none that a node kept does not reach): from
  // its nodes only `call` leads anywhere new.
  const auto made = static_cast<uint32_t>(__builtin_ctzll(call));
  const size_t reached = start + count;
  for (size_t i = start; i < reached; ++i) {
    const uint32_t to = graph_->edge(nodes_[i], made, results_[made]);
    if (to != LinearizationGraph::kRejected) add(to);
  }
  for (size_t i = reached; i < nodes_.size(); ++i) {
    const uint32_t n = nodes_[i];
    for (uint64_t pending = invoked & ~graph_->done(n); pending != 0; pending &= pending - 1) {
      const auto c = static_cast<uint32_t>(__builtin_ctzll(pending));
      const uint32_t to = graph_->edge(n, c, results_[c]);
      if (to != LinearizationGraph::kRejected) add(to);
    }
  }
  return start;
}

bool InterleavingWalk::first_visit(const Position& pos, size_t first, size_t count) {
  // Whole words of `pos`: its entries past the threads stay 0. The set's hash, mixed with
  // them, is also the table's hash of the key (any hash will do for it when it is given).
  uint64_t h = count;
  for (size_t i = first; i < first + count; ++i) {
    h = (h ^ nodes_[i]) * 0x9e3779b97f4a7c15ULL;
    h ^= h >> 31;
  }
  uint64_t kh = h;
  for (size_t w = 0; w < pos_words_; ++w) {
    std::memcpy(&key_[w], pos.data() + 4 * w, 4);
    kh = (kh ^ key_[w]) * 0x9e3779b97f4a7c15ULL;
    kh ^= kh >> 29;
  }
  key_[pos_words_] = static_cast<uint32_t>(h);
  key_[pos_words_ + 1] = static_cast<uint32_t>(h >> 32);
  if (const uint32_t* at = visited_.find(key_.data(), kh)) {
    // The same position and hash: the same set unless the hash collides, and then the set
    // is explored again (only the first set of that key is remembered).
    const uint32_t* set = &sets_[*at];
    return !(set[0] == count &&
             std::equal(set + 1, set + 1 + count, nodes_.begin() + static_cast<ptrdiff_t>(first)));
  }
  visited_.insert(key_.data(), kh, static_cast<uint32_t>(sets_.size()));
  sets_.push_back(static_cast<uint32_t>(count));
  sets_.insert(sets_.end(), nodes_.begin() + static_cast<ptrdiff_t>(first),
               nodes_.begin() + static_cast<ptrdiff_t>(first + count));
  return true;
}

}  // namespace lineup::checker
