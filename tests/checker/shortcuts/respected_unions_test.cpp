// RespectedUnions and WitnessSearch against a brute force over a specification of serial
// orders (as phase 1 gives one): a relation is respected when one of the legal orders keeps
// every pair it orders. The split's claim: when every_acyclic_part_respected() says yes, every
// acyclic relation between the threads' own orders and the union (every interleaving's
// relation is one) is respected, and each is then within the kept union.
#include "checker/shortcuts/respected_unions.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <numeric>
#include <utility>
#include <vector>

#include "checker/shortcuts/linearization_search.h"
#include "checker/shortcuts/witness_search.h"

namespace lineup::checker {
namespace {

using Relation = std::vector<uint64_t>;  // word y: bit x when call x comes before call y

// A program's calls and a specification of them: the threads' calls, the threads' own orders,
// and the legal orders (some of the orders that keep the threads' ones).
struct Specification {
  std::vector<size_t> calls_per_thread;
  std::vector<int> thread_of_call;
  Relation own;
  std::vector<std::vector<int>> legal;
};

bool keeps(const std::vector<int>& order, const Relation& relation) {
  uint64_t done = 0;
  for (int c : order) {
    if ((relation[static_cast<size_t>(c)] & ~done) != 0) return false;
    done |= uint64_t{1} << c;
  }
  return true;
}

bool some_legal_order_keeps(const Specification& spec, const Relation& relation) {
  return std::any_of(spec.legal.begin(), spec.legal.end(),
                     [&](const std::vector<int>& order) { return keeps(order, relation); });
}

// Whether calls can be taken away one by one, each with no call left before it.
bool acyclic(const Relation& relation) {
  uint64_t left = relation.size() == 64 ? ~uint64_t{0} : (uint64_t{1} << relation.size()) - 1;
  while (left != 0) {
    bool taken = false;
    for (size_t y = 0; y < relation.size(); ++y) {
      if (((left >> y) & 1) != 0 && (relation[y] & left) == 0) {
        left &= ~(uint64_t{1} << y);
        taken = true;
      }
    }
    if (!taken) return false;
  }
  return true;
}

Specification arbitrary_specification() {
  Specification spec;
  const auto threads = *rc::gen::inRange<size_t>(2, 4);
  for (size_t t = 0; t < threads; ++t) {
    const auto calls = *rc::gen::inRange<size_t>(1, threads == 2 ? 4 : 3);
    spec.calls_per_thread.push_back(calls);
    for (size_t i = 0; i < calls; ++i) {
      spec.own.push_back(i == 0 ? 0 : spec.own.back() | (uint64_t{1} << (spec.own.size() - 1)));
      spec.thread_of_call.push_back(static_cast<int>(t));
    }
  }
  std::vector<int> order(spec.own.size());
  std::iota(order.begin(), order.end(), 0);
  std::vector<int> first;  // the first order that keeps the threads' ones
  do {
    if (!keeps(order, spec.own)) continue;
    if (first.empty()) first = order;
    // Most orders legal, so that relations are often respected and the split goes deep.
    if (*rc::gen::inRange(0, 4) != 0) spec.legal.push_back(order);
  } while (std::next_permutation(order.begin(), order.end()));
  // Phase 1 gives each outcome at least one order.
  if (spec.legal.empty()) spec.legal.push_back(first);
  return spec;
}

// The threads' own orders and some pairs of calls of different threads, at most `most`.
Relation arbitrary_union(const Specification& spec, size_t most,
                         std::vector<std::pair<size_t, size_t>>* across) {
  Relation relation = spec.own;
  const size_t calls = relation.size();
  for (size_t y = 0; y < calls; ++y) {
    for (size_t x = 0; x < calls; ++x) {
      if (spec.thread_of_call[x] == spec.thread_of_call[y] || across->size() == most) continue;
      if (*rc::gen::inRange(0, 3) == 0) {
        relation[y] |= uint64_t{1} << x;
        across->emplace_back(x, y);
      }
    }
  }
  return relation;
}

RC_GTEST_PROP(RespectedUnions, RespectedPartsCoverEveryAcyclicRelationWithinTheUnion, ()) {
  const Specification spec = arbitrary_specification();
  const size_t calls = spec.own.size();
  const std::vector<int> results(calls, 0);  // the one outcome
  LinearizationSearch search({{results, spec.legal}});
  const uint32_t outcome = search.outcome(results);
  std::vector<std::pair<size_t, size_t>> across;
  const Relation union_relation = arbitrary_union(spec, 10, &across);
  WitnessSearch witnesses(calls);
  RespectedUnions unions(spec.calls_per_thread);
  const bool respected =
      unions.every_acyclic_part_respected(outcome, union_relation.data(), witnesses, search);
  if (acyclic(union_relation)) RC_ASSERT(!respected);  // the caller asks an acyclic union
  if (!respected) {
    RC_ASSERT(!unions.any_contains(outcome, union_relation.data()));
    RC_TAG("not shown");
    return;
  }
  for (uint32_t subset = 0; subset < (uint32_t{1} << across.size()); ++subset) {
    Relation relation = spec.own;
    for (size_t e = 0; e < across.size(); ++e) {
      if (((subset >> e) & 1) != 0) relation[across[e].second] |= uint64_t{1} << across[e].first;
    }
    if (!acyclic(relation)) continue;
    RC_ASSERT(some_legal_order_keeps(spec, relation));
    RC_ASSERT(unions.any_contains(outcome, relation.data()));
  }
  RC_TAG("shown");
}

RC_GTEST_PROP(WitnessSearch, AnswersAsTheLegalOrdersDo, ()) {
  const Specification spec = arbitrary_specification();
  const size_t calls = spec.own.size();
  const std::vector<int> results(calls, 0);  // the one outcome
  LinearizationSearch search({{results, spec.legal}});
  const uint32_t outcome = search.outcome(results);
  WitnessSearch witnesses(calls);
  const auto questions = *rc::gen::inRange(1, 40);
  for (int q = 0; q < questions; ++q) {
    std::vector<std::pair<size_t, size_t>> across;
    const Relation relation = arbitrary_union(spec, 64, &across);
    const bool expected = acyclic(relation) && some_legal_order_keeps(spec, relation);
    if (*rc::gen::arbitrary<bool>()) {
      RC_ASSERT(witnesses.union_respected(outcome, relation.data(), search) == expected);
    } else {
      RC_ASSERT(witnesses.respected(outcome, relation.data(), search) == expected);
    }
  }
}

}  // namespace
}  // namespace lineup::checker
