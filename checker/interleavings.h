// The precedence relations a boundary order allows: every interleaving of the threads'
// boundary-event chains that keeps the order is the real-time order of some equivalent
// execution, and gives a relation (x precedes y when x's response comes before y's
// invocation). Responses are placed as early as possible (each can only add precedence,
// never remove an option), so only the most constraining relation of each order of
// invocations is produced. What the rest of an interleaving adds depends only on how far each
// chain has got, so each such position is explored once.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "checker/boundary_order.h"
#include "checker/shortcuts/flat_table.h"

namespace lineup::checker {

class Interleavings {
 public:
  /// Enumerates the distinct relations `order` allows (at least one). Buffers are kept
  /// between calls, so a steady stream of enumerations allocates nothing new. Their number
  /// grows exponentially with overlapping calls: once more than `max_relations` relations
  /// (those of the whole interleavings and of their ends) are kept, the enumeration stops
  /// and returns false, and count() is 0.
  bool enumerate(const BoundaryOrder& order, size_t max_relations = kUnlimited);
  static constexpr size_t kUnlimited = SIZE_MAX;
  /// How many relations the last enumerate() found.
  size_t count() const { return root_count_; }
  /// Copies relation i into precedes[0, calls()): word y has bit x set when call x precedes
  /// call y.
  void relation(size_t i, uint64_t* precedes) const;

 private:
  using Position = std::array<uint8_t, 64>;  // events done per thread

  uint32_t from(Position pos);  // -> index into lists_
  // A relation's hash is the sum of a term per non-empty word, so extending a relation by
  // one word updates it without hashing every word again.
  static uint64_t word_hash(uint32_t call, uint64_t done);
  // The id of the relation in word_, whose hash is h.
  uint32_t intern(uint64_t h);

  const BoundaryOrder* order_ = nullptr;
  int threads_ = 0;
  FlatTable memo_;                // packed position -> index into lists_
  FlatTable relations_;           // relation words -> (unused); entry index is the relation's id
  std::vector<uint64_t> hashes_;  // per relation id, its hash (word_hash summed)
  std::vector<std::pair<uint32_t, uint32_t>> lists_;  // (first, count) in items_
  std::vector<uint32_t> items_;                       // relation ids, per list
  std::vector<uint32_t> scratch_;                     // lists being built, stacked
  std::vector<uint32_t> word_;                        // one relation being built
  uint32_t root_first_ = 0, root_count_ = 0;
  size_t max_relations_ = kUnlimited;
  bool stopped_ = false;  // more than max_relations_ relations: the enumeration gave up
};

}  // namespace lineup::checker
