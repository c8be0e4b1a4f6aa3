// Witnesses against a plain list of the most recent kPerOutcome orders (or relations kept as
// what an order allows) per outcome: the same answer to every query, whichever fitted last.
#include "checker/shortcuts/witnesses.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <numeric>
#include <vector>

namespace lineup::checker {
namespace {

// Whether `order` (call indices) puts every call after the calls `precedes` puts before it.
bool order_respects(const std::vector<int>& order, const std::vector<uint64_t>& precedes) {
  uint64_t done = 0;
  for (int c : order) {
    if ((precedes[static_cast<size_t>(c)] & ~done) != 0) return false;
    done |= uint64_t{1} << c;
  }
  return true;
}

// A relation that orders the calls as `order` does, each pair kept with probability 1/2,
// and with probability 1/8 one pair reversed (which most kept orders then violate).
std::vector<uint64_t> relation_from(const std::vector<int>& order, const std::vector<bool>& keep,
                                    bool reverse_one) {
  std::vector<uint64_t> precedes(order.size(), 0);
  size_t k = 0;
  for (size_t i = 0; i < order.size(); ++i) {
    for (size_t j = i + 1; j < order.size(); ++j, ++k) {
      if (keep[k % keep.size()]) {
        precedes[static_cast<size_t>(order[j])] |= uint64_t{1} << order[i];
      }
    }
  }
  if (reverse_one && order.size() >= 2) {
    precedes[static_cast<size_t>(order[0])] |= uint64_t{1} << order[1];
  }
  return precedes;
}

// What was kept: an order, or (order empty) a relation, word y: the calls allowed before y.
struct Kept {
  std::vector<int> order;
  std::vector<uint64_t> allows;
};

RC_GTEST_PROP(Witnesses, AnswerAsTheLastKeptOrdersDo, ()) {
  const auto calls = *rc::gen::inRange<size_t>(1, 10);
  const auto outcomes = *rc::gen::inRange<uint32_t>(1, 4);
  const auto steps = *rc::gen::inRange<int>(0, 200);
  Witnesses witnesses(calls);
  std::map<uint32_t, std::vector<Kept>> reference;  // per outcome, oldest first
  std::vector<int> identity(calls);
  std::iota(identity.begin(), identity.end(), 0);
  size_t fits = 0;
  for (int s = 0; s < steps; ++s) {
    const auto outcome = *rc::gen::inRange<uint32_t>(0, outcomes);
    // Few distinct orders, so that queries often meet one that was kept.
    const auto seed = *rc::gen::inRange<int>(0, 6);
    std::vector<int> order = identity;
    for (int r = 0; r < seed; ++r) {
      std::next_permutation(order.begin(), order.end());
    }
    if (*rc::gen::inRange(0, 3) == 0) {
      // An order, or (one time in 4) a relation kept as what one allows.
      Kept kept_one;
      if (*rc::gen::inRange(0, 4) == 0) {
        const auto keep = *rc::gen::container<std::vector<bool>>(std::max<size_t>(1, calls * calls),
                                                                 rc::gen::arbitrary<bool>());
        kept_one.allows = relation_from(order, keep, false);
        witnesses.add(outcome, kept_one.allows.data());
      } else {
        kept_one.order = order;
        witnesses.add(outcome, order);
      }
      auto& kept = reference[outcome];
      kept.push_back(kept_one);
      if (kept.size() > Witnesses::kPerOutcome) kept.erase(kept.begin());
      continue;
    }
    const auto keep = *rc::gen::container<std::vector<bool>>(std::max<size_t>(1, calls * calls),
                                                             rc::gen::arbitrary<bool>());
    const auto precedes = relation_from(order, keep, *rc::gen::inRange(0, 8) == 0);
    bool expected = false;
    for (const Kept& kept : reference[outcome]) {
      if (kept.order.empty()) {
        bool within = true;
        for (size_t y = 0; y < calls; ++y) within = within && (precedes[y] & ~kept.allows[y]) == 0;
        expected = expected || within;
      } else {
        expected = expected || order_respects(kept.order, precedes);
      }
    }
    RC_ASSERT(witnesses.any_respects(outcome, precedes.data()) == expected);
    fits += expected ? 1 : 0;
  }
  RC_TAG(fits > 0 ? "some kept order fitted" : "none fitted");
}

}  // namespace
}  // namespace lineup::checker
