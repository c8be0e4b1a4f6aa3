#include "checker/interleavings.h"

#include <algorithm>
#include <cstring>

namespace lineup::checker {

uint32_t Interleavings::from(Position pos) {
  order_->take_responses(pos.data());
  std::array<uint32_t, 16> key{};
  std::memcpy(key.data(), pos.data(), static_cast<size_t>(threads_));
  uint64_t h = memo_.hash(key.data());
  if (uint32_t* found = memo_.find(key.data(), h)) return *found;
  const uint64_t done = order_->calls_at(pos.data(), true);
  const size_t words = 2 * order_->calls();
  const size_t start = scratch_.size();
  for (int q = 0; q < threads_; ++q) {
    if (!order_->can_take(q, pos.data())) continue;
    // After take_responses(), every event that can come is an invocation: it follows every
    // call done.
    uint32_t call = order_->base(q) + pos[static_cast<size_t>(q)] / 2;
    Position next = pos;
    ++next[static_cast<size_t>(q)];
    uint32_t list = from(next);
    if (stopped_) return 0;
    auto [first, count] = lists_[list];
    // The call's word is empty in every relation from `next` (it is invoked here), so each
    // extended relation's hash is its child's plus the new word's term.
    const uint64_t term = word_hash(call, done);
    for (uint32_t k = 0; k < count; ++k) {
      const uint32_t child = items_[first + k];
      std::memcpy(word_.data(), relations_.key(child), words * 4);
      word_[2 * call] |= static_cast<uint32_t>(done);
      word_[2 * call + 1] |= static_cast<uint32_t>(done >> 32);
      scratch_.push_back(intern(hashes_[child] + term));
    }
  }
  if (scratch_.size() == start) {  // every event done: nothing more is added
    std::fill(word_.begin(), word_.end(), 0);
    scratch_.push_back(intern(0));
  }
  // The lists of the positions (a relation id per position and relation from there) are
  // bounded with the relations.
  if (relations_.size() > max_relations_ || items_.size() / 16 > max_relations_) {
    stopped_ = true;
    return 0;
  }
  std::sort(scratch_.begin() + static_cast<ptrdiff_t>(start), scratch_.end());
  auto end = std::unique(scratch_.begin() + static_cast<ptrdiff_t>(start), scratch_.end());
  auto first = static_cast<uint32_t>(items_.size());
  items_.insert(items_.end(), scratch_.begin() + static_cast<ptrdiff_t>(start), end);
  scratch_.resize(start);
  auto list = static_cast<uint32_t>(lists_.size());
  lists_.emplace_back(first, static_cast<uint32_t>(items_.size() - first));
  memo_.insert(key.data(), h, list);
  return list;
}

uint64_t Interleavings::word_hash(uint32_t call, uint64_t done) {
  if (done == 0) return 0;  // an empty word adds nothing, wherever it is
  uint64_t h = (done ^ (uint64_t{call} << 58) ^ call) * 0x9e3779b97f4a7c15ULL;
  h ^= h >> 29;
  h *= 0xbf58476d1ce4e5b9ULL;
  return h ^ (h >> 32);
}

uint32_t Interleavings::intern(uint64_t h) {
  if (uint32_t* found = relations_.find(word_.data(), h)) {
    return static_cast<uint32_t>(found - &relations_.value(0));
  }
  hashes_.push_back(h);
  return relations_.insert(word_.data(), h, 0);
}

void Interleavings::relation(size_t i, uint64_t* precedes) const {
  std::memcpy(precedes, relations_.key(items_[root_first_ + i]), 8 * order_->calls());
}

bool Interleavings::enumerate(const BoundaryOrder& order, size_t max_relations) {
  order_ = &order;
  max_relations_ = max_relations;
  stopped_ = false;
  threads_ = order.threads();
  memo_.reset((static_cast<size_t>(threads_) + 3) / 4);
  relations_.reset(2 * order.calls());
  hashes_.clear();
  lists_.clear();
  items_.clear();
  scratch_.clear();
  word_.assign(2 * order.calls(), 0);
  const uint32_t root = from(Position{});
  root_first_ = root_count_ = 0;
  if (stopped_) return false;
  root_first_ = lists_[root].first;
  root_count_ = lists_[root].second;
  return true;
}

}  // namespace lineup::checker
