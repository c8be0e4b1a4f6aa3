// total_order against brute force over every order of a few calls, and a total relation's
// one order followed along the model's search graph against the search itself.
#include "checker/shortcuts/unique_linearization.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <vector>

#include "checker/shortcuts/linearization_graph.h"
#include "specs/model.h"

namespace lineup::checker {
namespace {

// The relation that puts each call after exactly the calls before it in `order`.
std::vector<uint64_t> relation_of(const std::vector<int>& order) {
  std::vector<uint64_t> precedes(order.size(), 0);
  uint64_t done = 0;
  for (int c : order) {
    precedes[static_cast<size_t>(c)] = done;
    done |= uint64_t{1} << c;
  }
  return precedes;
}

std::vector<int> shuffled(size_t calls) {
  std::vector<int> order(calls);
  std::iota(order.begin(), order.end(), 0);
  for (size_t i = calls; i > 1; --i) {
    std::swap(order[i - 1], order[*rc::gen::inRange<size_t>(0, i)]);
  }
  return order;
}

RC_GTEST_PROP(UniqueLinearization, RecognisesExactlyTheRelationsOfOneOrder, ()) {
  const auto calls = *rc::gen::inRange<size_t>(1, 7);
  std::vector<uint64_t> precedes = relation_of(shuffled(calls));
  // Some relations are left total; others lose or gain pairs (possibly making a cycle), or
  // have a call's predecessor replaced by another call (each call keeps its number of
  // predecessors, so only the sets tell the relation from a total one).
  const auto edits = *rc::gen::inRange(0, 3);
  for (int e = 0; e < edits; ++e) {
    const auto y = *rc::gen::inRange<size_t>(0, calls);
    std::vector<size_t> others;  // calls that may be put before y
    for (size_t x = 0; x < calls; ++x) {
      if (x != y) others.push_back(x);
    }
    if (others.empty()) continue;
    const size_t x = *rc::gen::elementOf(others);
    const uint64_t bit = uint64_t{1} << x;
    if (*rc::gen::arbitrary<bool>()) {
      precedes[y] ^= bit;
      continue;
    }
    std::vector<size_t> absent;
    for (size_t z : others) {
      if (((precedes[y] >> z) & 1) == 0) absent.push_back(z);
    }
    if (precedes[y] == 0 || absent.empty()) continue;
    precedes[y] &= precedes[y] - 1;  // the lowest predecessor out, another call in
    precedes[y] |= uint64_t{1} << *rc::gen::elementOf(absent);
  }
  // Brute force: the orders whose relation is exactly this one.
  std::vector<int> order(calls), expected;
  std::iota(order.begin(), order.end(), 0);
  int matches = 0;
  do {
    if (relation_of(order) == precedes) ++matches, expected = order;
  } while (std::next_permutation(order.begin(), order.end()));
  std::vector<int> got(calls, -1);
  const bool total = unique_linearization(precedes.data(), calls, got.data());
  RC_ASSERT(total == (matches == 1));
  if (total) RC_ASSERT(got == expected);
}

// Every relation over up to 4 calls, against the orders whose relation it is.
TEST(UniqueLinearization, RecognisesEveryRelationOfUpToFourCalls) {
  for (size_t calls = 1; calls <= 4; ++calls) {
    std::vector<std::vector<uint64_t>> totals;
    std::vector<std::vector<int>> orders;
    std::vector<int> order(calls);
    std::iota(order.begin(), order.end(), 0);
    do {
      totals.push_back(relation_of(order));
      orders.push_back(order);
    } while (std::next_permutation(order.begin(), order.end()));
    const size_t pairs = calls * (calls - 1);
    int recognised = 0;
    for (uint64_t bits = 0; bits < (uint64_t{1} << pairs); ++bits) {
      std::vector<uint64_t> precedes(calls, 0);
      size_t k = 0;
      for (size_t y = 0; y < calls; ++y) {
        for (size_t x = 0; x < calls; ++x) {
          if (x != y && ((bits >> k++) & 1)) precedes[y] |= uint64_t{1} << x;
        }
      }
      auto it = std::find(totals.begin(), totals.end(), precedes);
      std::vector<int> got(calls, -1);
      const bool total = unique_linearization(precedes.data(), calls, got.data());
      ASSERT_EQ(total, it != totals.end()) << "calls " << calls << ", relation " << bits;
      if (total) {
        EXPECT_EQ(got, orders[static_cast<size_t>(it - totals.begin())]);
        ++recognised;
      }
    }
    EXPECT_EQ(recognised, static_cast<int>(orders.size()));  // n! total orders
  }
}

TEST(UniqueLinearization, TheEmptyRelationOfOneCallIsTotal) {
  uint64_t none = 0;
  int order = -1;
  EXPECT_TRUE(unique_linearization(&none, 1, &order));
  EXPECT_EQ(order, 0);
}

TEST(UniqueLinearization, TwoUnorderedCallsAreNot) {
  uint64_t none[2] = {0, 0};
  int order[2];
  EXPECT_FALSE(unique_linearization(none, 2, order));
}

RC_GTEST_PROP(LinearizationGraph, FollowingATotalRelationsOrderAnswersAsTheSearch, ()) {
  const specs::Model& queue = specs::queue_model();
  const auto calls = *rc::gen::inRange<size_t>(1, 8);
  std::vector<specs::Operation> operations;
  std::vector<int> results;
  for (size_t c = 0; c < calls; ++c) {
    const bool push = *rc::gen::arbitrary<bool>();
    operations.push_back({push ? 0 : 1, static_cast<int>(c)});
    // A push returns 1; a pop an argument pushed, or empty.
    results.push_back(push ? 1 : *rc::gen::element(specs::kEmpty, 0, 1, 2));
  }
  LinearizationGraph orders(queue, operations, queue.initial());
  const uint32_t outcome = orders.outcome(results.data());
  // Several queries on one graph: later ones meet edges the earlier ones built.
  for (int q = 0; q < 4; ++q) {
    const std::vector<int> order = shuffled(calls);
    const std::vector<uint64_t> precedes = relation_of(order);
    const bool searched = orders.legal(outcome, precedes.data());
    RC_ASSERT(orders.follows(results.data(), order.data()) == searched);
    if (searched) RC_ASSERT(orders.order() == order);
  }
}

}  // namespace
}  // namespace lineup::checker
