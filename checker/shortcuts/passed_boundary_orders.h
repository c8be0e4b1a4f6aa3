// Boundary orders found to pass, per outcome of a program. An order that forces at least
// what a passing one forces (each of its rows counts at least as many events) allows only
// interleavings the passing one allows, each of which has a legal order: it passes too,
// without a walk. Consecutive executions of a systematic search often differ by one race
// reversed, so such an order is often among the last few that passed.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace lineup::checker {

class PassedBoundaryOrders {
 public:
  static constexpr size_t kPerOutcome = 32;  // kept per outcome; later ones replace older

  /// For orders of `bytes` bytes (BoundaryOrder::key(): one count per event and thread, each
  /// below 128).
  explicit PassedBoundaryOrders(size_t bytes);

  /// Keeps `order` as one that passes with the results of `outcome`.
  void add(uint32_t outcome, const uint8_t* order);
  /// Whether a kept order for `outcome` forces no more than `order` does: no count of it
  /// above `order`'s.
  bool any_looser(uint32_t outcome, const uint8_t* order);

 private:
  struct Kept {
    std::vector<uint8_t> orders;  // count of them, each stride_ bytes
    size_t count = 0, next = 0;   // orders kept; which one the next add replaces
  };
  size_t bytes_, stride_;        // stride_: bytes_ padded to whole vectors, the padding 0
  std::vector<uint8_t> padded_;  // the order asked about, padded so
  std::vector<Kept> kept_;       // per outcome
};

}  // namespace lineup::checker
