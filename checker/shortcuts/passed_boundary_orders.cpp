#include "checker/shortcuts/passed_boundary_orders.h"

#include <cstring>

namespace lineup::checker {

namespace {

// Counts are below 128: compared as signed bytes, 16 at a time.
using Bytes = int8_t __attribute__((vector_size(16)));

}  // namespace

PassedBoundaryOrders::PassedBoundaryOrders(size_t bytes)
    : bytes_(bytes),
      stride_((bytes + sizeof(Bytes) - 1) / sizeof(Bytes) * sizeof(Bytes)),
      padded_(stride_, 0) {}

void PassedBoundaryOrders::add(uint32_t outcome, const uint8_t* order) {
  if (outcome >= kept_.size()) kept_.resize(outcome + 1);
  Kept& k = kept_[outcome];
  size_t slot = k.next;
  if (k.count < kPerOutcome) {
    slot = k.count++;
    k.orders.resize(k.count * stride_, 0);
  }
  k.next = (slot + 1) % kPerOutcome;
  std::memcpy(&k.orders[slot * stride_], order, bytes_);
}

bool PassedBoundaryOrders::any_looser(uint32_t outcome, const uint8_t* order) {
  if (outcome >= kept_.size()) return false;
  const Kept& k = kept_[outcome];
  // The order padded as the kept ones are.
  std::memcpy(padded_.data(), order, bytes_);
  const size_t vectors = stride_ / sizeof(Bytes);
  for (size_t i = 0; i < k.count; ++i) {
    const uint8_t* kept = &k.orders[i * stride_];
    // Whole orders, without early exits: where they differ varies from one order to the next.
    Bytes above = {};  // all ones in a lane where the kept count is above the order's
    for (size_t v = 0; v < vectors; ++v) {
      Bytes lane, mine;
      std::memcpy(&lane, kept + v * sizeof(Bytes), sizeof lane);
      std::memcpy(&mine, &padded_[v * sizeof(Bytes)], sizeof mine);
      above |= reinterpret_cast<Bytes>(lane > mine);
    }
    uint64_t words[2];
    std::memcpy(words, &above, sizeof words);
    if ((words[0] | words[1]) == 0) return true;
  }
  return false;
}

}  // namespace lineup::checker
