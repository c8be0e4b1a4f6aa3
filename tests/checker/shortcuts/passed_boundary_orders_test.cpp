// PassedBoundaryOrders against a plain list of the last kPerOutcome orders kept per outcome: an
// order passes when one of them has no count above its own.
#include "checker/shortcuts/passed_boundary_orders.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cstdint>
#include <map>
#include <vector>

namespace lineup::checker {
namespace {

RC_GTEST_PROP(PassedBoundaryOrders, AnswerAsTheLastKeptOrdersDo, ()) {
  // Lengths on both sides of whole 16-byte vectors.
  const auto bytes = *rc::gen::inRange<size_t>(1, 70);
  const auto outcomes = *rc::gen::inRange<uint32_t>(1, 4);
  const auto steps = *rc::gen::inRange<int>(0, 200);
  PassedBoundaryOrders looser(bytes);
  std::map<uint32_t, std::vector<std::vector<uint8_t>>> reference;  // per outcome, oldest first
  size_t found = 0;
  for (int s = 0; s < steps; ++s) {
    const auto outcome = *rc::gen::inRange<uint32_t>(0, outcomes);
    // Small counts, mostly equal, so that one order is often at or below another; up to 127.
    std::vector<uint8_t> order(bytes);
    for (uint8_t& count : order) {
      count = *rc::gen::weightedOneOf<uint8_t>(
          {{8, rc::gen::inRange<uint8_t>(0, 2)}, {1, rc::gen::inRange<uint8_t>(0, 128)}});
    }
    if (*rc::gen::inRange(0, 3) == 0) {
      looser.add(outcome, order.data());
      auto& kept = reference[outcome];
      kept.push_back(order);
      if (kept.size() > PassedBoundaryOrders::kPerOutcome) kept.erase(kept.begin());
      continue;
    }
    bool expected = false;
    for (const std::vector<uint8_t>& kept : reference[outcome]) {
      bool at_most = true;
      for (size_t b = 0; b < bytes; ++b) at_most = at_most && kept[b] <= order[b];
      expected = expected || at_most;
    }
    RC_ASSERT(looser.any_looser(outcome, order.data()) == expected);
    found += expected ? 1 : 0;
  }
  RC_TAG(found > 0 ? "a looser order was kept" : "none was");
}

}  // namespace
}  // namespace lineup::checker
