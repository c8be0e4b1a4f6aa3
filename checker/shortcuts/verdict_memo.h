// The judge's memo of verdicts: (results, boundary order) -> whether the execution passes. A
// verdict depends on exactly these, so the key is every result (the init prefix's included)
// followed by BoundaryOrder::key(). The table (flat_table.h) compares whole keys, so a hash
// collision cannot merge two entries, and its steady state allocates nothing. Only the few
// executions no cheaper shortcut settles are looked up and kept.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "checker/boundary_order.h"
#include "checker/shortcuts/flat_table.h"

namespace lineup::checker {

class VerdictMemo {
 public:
  /// For `results_size` results (specs::TestProgram::results_size) and boundary orders of
  /// `order_words` words (BoundaryOrder::key_words()).
  VerdictMemo(size_t results_size, size_t order_words) : key_(results_size + order_words, 0) {
    table_.reset(key_.size());
  }

  /// The verdict kept for `results` with `order` (complete()), if any. The key stays for
  /// insert().
  std::optional<bool> find(const std::vector<int>& results, const BoundaryOrder& order) {
    std::copy(results.begin(), results.end(), key_.begin());
    std::copy(order.key(), order.key() + order.key_words(),
              key_.begin() + static_cast<ptrdiff_t>(results.size()));
    hash_ = table_.hash(key_.data());
    if (const uint32_t* known = table_.find(key_.data(), hash_)) return *known != 0;
    return std::nullopt;
  }
  /// Keeps `passes` as the verdict of the key the last find() found nothing for.
  void insert(bool passes) { table_.insert(key_.data(), hash_, passes ? 1 : 0); }

 private:
  FlatTable table_;
  std::vector<uint32_t> key_;  // of the last find()
  uint64_t hash_ = 0;          // key_'s
};

}  // namespace lineup::checker
