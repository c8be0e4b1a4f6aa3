#include "checker/shortcuts/serial_linearizations.h"

#include <algorithm>

namespace lineup::checker {
namespace {

// A trie under construction: children by call.
struct Building {
  uint32_t call = 0;
  std::map<int, size_t> children;
};

}  // namespace

SerialLinearizations::SerialLinearizations(
    const std::map<std::vector<int>, std::vector<std::vector<int>>>& outcomes) {
  outcomes_.reset(outcomes.empty() ? 0 : outcomes.begin()->first.size());
  for (const auto& [results, orders] : outcomes) {
    outcomes_.intern(reinterpret_cast<const uint32_t*>(results.data()));
    std::vector<Building> trie(1);
    for (const std::vector<int>& order : orders) {
      size_t at = 0;
      for (int c : order) {
        auto [it, added] = trie[at].children.try_emplace(c, trie.size());
        if (added) trie.push_back({static_cast<uint32_t>(c), {}});
        at = it->second;
      }
    }
    // Flattened: each node's children listed side by side in child_.
    auto base = static_cast<uint32_t>(nodes_.size());
    roots_.push_back(base);
    for (const Building& b : trie) {
      Node n;
      n.call = b.call;
      n.first_child = static_cast<uint32_t>(child_.size());
      n.children = static_cast<uint32_t>(b.children.size());
      for (const auto& [c, index] : b.children)
        child_.push_back(base + static_cast<uint32_t>(index));
      nodes_.push_back(n);
    }
  }
}

uint32_t SerialLinearizations::outcome(const int* results) {
  uint32_t* found = outcomes_.find(reinterpret_cast<const uint32_t*>(results));
  if (found == nullptr) return kNoOutcome;
  return static_cast<uint32_t>(found - &outcomes_.value(0));
}

bool SerialLinearizations::completes(uint32_t node, uint64_t done, const uint64_t* precedes) {
  const Node& n = nodes_[node];
  if (n.children == 0) return true;  // a whole order placed
  for (uint32_t k = 0; k < n.children; ++k) {
    uint32_t next = child_[n.first_child + k];
    uint32_t c = nodes_[next].call;
    if (precedes[c] & ~done) continue;
    if (completes(next, done | (uint64_t{1} << c), precedes)) {
      order_.push_back(static_cast<int>(c));  // the walk unwinds from the last call
      return true;
    }
  }
  return false;
}

bool SerialLinearizations::legal(uint32_t outcome, const uint64_t* precedes) {
  order_.clear();
  if (!completes(roots_[outcome], 0, precedes)) return false;
  std::reverse(order_.begin(), order_.end());
  return true;
}

}  // namespace lineup::checker
