// Legal orders found so far, per outcome of a program. A correct structure's executions are
// explained by few orders per outcome, so before any search the judge asks whether one it
// already has respects the relation at hand: a handful of AND operations per order instead
// of a walk of the search graph.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace lineup::checker {

class Witnesses {
 public:
  static constexpr size_t kPerOutcome = 16;  // kept per outcome; later ones replace older

  /// For orders of `calls` calls.
  explicit Witnesses(size_t calls) : calls_(calls) {}

  /// Keeps `order` (call indices) as a legal order for `outcome`.
  void add(uint32_t outcome, const std::vector<int>& order);
  /// Keeps `before` (word y: bit x when x may come before y) as what an order for `outcome`
  /// allows: any_respects() then accepts a relation within it.
  void add(uint32_t outcome, const uint64_t* before);
  /// Whether a kept order for `outcome` respects `precedes` (word y: bit x when call x must
  /// come before call y).
  bool any_respects(uint32_t outcome, const uint64_t* precedes);

 private:
  struct Kept {
    std::vector<uint64_t> before;  // per order, per call: the calls placed before it
    size_t count = 0, next = 0;    // orders kept; which one the next add replaces
    // The kept orders, most recently added or found fitting first: the order asked first.
    uint8_t recent[kPerOutcome] = {};
  };
  // Puts order `slot` first in `k.recent`, where it is at `at` (k.count: not there yet).
  static void to_front(Kept& k, size_t slot, size_t at);
  size_t calls_;
  std::vector<Kept> kept_;        // per outcome
  std::vector<uint64_t> before_;  // an order's, for add()
};

}  // namespace lineup::checker
