// find_cycle against brute force: a relation over a few calls has a cycle exactly when no
// order of the calls respects it, and the cycle found is one of its cycles. The cyclic core of
// a relation with edges taken away, peeled within the whole relation's core, is its own.
// The cycles of two are counted as pair by pair.
#include "checker/shortcuts/cycles.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <vector>

namespace lineup::checker {
namespace {

bool some_order_respects(const std::vector<uint64_t>& precedes) {
  std::vector<int> order(precedes.size());
  std::iota(order.begin(), order.end(), 0);
  do {
    uint64_t done = 0;
    bool ok = true;
    for (int c : order) {
      ok = ok && (precedes[static_cast<size_t>(c)] & ~done) == 0;
      done |= uint64_t{1} << c;
    }
    if (ok) return true;
  } while (std::next_permutation(order.begin(), order.end()));
  return false;
}

// A sparse relation over `calls` calls, so that both kinds (with a cycle, without) are common.
std::vector<uint64_t> sparse_relation(size_t calls) {
  std::vector<uint64_t> precedes(calls, 0);
  const auto edges = *rc::gen::inRange<size_t>(0, 2 * calls);
  for (size_t e = 0; e < edges; ++e) {
    const auto x = *rc::gen::inRange<size_t>(0, calls);
    const auto y = *rc::gen::inRange<size_t>(0, calls);
    precedes[y] |= uint64_t{1} << x;  // x == y: a call before itself, a cycle of one
  }
  return precedes;
}

RC_GTEST_PROP(FindCycle, FindsACycleExactlyWhenNoOrderRespectsTheRelation, ()) {
  const auto calls = *rc::gen::inRange<size_t>(1, 7);
  const std::vector<uint64_t> precedes = sparse_relation(calls);
  std::vector<int> cycle(calls, -1);
  const size_t length = find_cycle(precedes.data(), calls, cycle.data());
  RC_ASSERT((length == 0) == some_order_respects(precedes));
  RC_TAG(length == 0 ? "acyclic" : "cyclic");
  if (length == 0) return;
  // Distinct calls, each after the next one (and the last after the first).
  std::vector<int> seen(cycle.begin(), cycle.begin() + static_cast<ptrdiff_t>(length));
  std::sort(seen.begin(), seen.end());
  RC_ASSERT(std::adjacent_find(seen.begin(), seen.end()) == seen.end());
  for (size_t i = 0; i < length; ++i) {
    const auto y = static_cast<size_t>(cycle[i]);
    const int x = cycle[(i + 1) % length];
    RC_ASSERT(((precedes[y] >> x) & 1) == 1U);
  }
}

RC_GTEST_PROP(CyclicCore, WithinACoreOfMoreEdgesIsTheCoreOfFewer, ()) {
  const auto calls = *rc::gen::inRange<size_t>(1, 9);
  const std::vector<uint64_t> more = sparse_relation(calls);
  std::vector<uint64_t> fewer = more;
  for (uint64_t& word : fewer) word &= *rc::gen::arbitrary<uint64_t>();
  const uint64_t core = cyclic_core(fewer.data(), calls);
  RC_ASSERT(cyclic_core_within(fewer.data(), cyclic_core(more.data(), calls)) == core);
  RC_ASSERT((core == 0) == some_order_respects(fewer));
  RC_TAG(core == 0 ? "acyclic" : "cyclic");
}

RC_GTEST_PROP(TwoCycles, CountsThePairsEachBeforeTheOtherUpToEnough, ()) {
  const auto calls = *rc::gen::inRange<size_t>(1, 65);
  std::vector<uint64_t> precedes(calls, 0);
  // Dense enough that pairs both ways are common.
  const auto edges = *rc::gen::inRange<size_t>(0, 4 * calls);
  for (size_t e = 0; e < edges; ++e) {
    const auto x = *rc::gen::inRange<size_t>(0, calls);
    const auto y = *rc::gen::inRange<size_t>(0, calls);
    precedes[y] |= uint64_t{1} << x;
  }
  size_t pairs = 0;
  for (size_t x = 0; x < calls; ++x) {
    for (size_t y = x + 1; y < calls; ++y) {
      pairs += ((precedes[y] >> x) & 1) != 0 && ((precedes[x] >> y) & 1) != 0;
    }
  }
  const auto enough = *rc::gen::inRange<size_t>(0, 10);
  RC_TAG(pairs >= enough ? "at least enough" : "fewer");
  RC_ASSERT(two_cycles(precedes.data(), calls, enough) == std::min(pairs, enough));
}

}  // namespace
}  // namespace lineup::checker
