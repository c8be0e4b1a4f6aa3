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
#include "serial_specifications.h"

namespace lineup::checker {
namespace {

using serial_specifications::acyclic;
using serial_specifications::arbitrary_specification;
using serial_specifications::Relation;
using serial_specifications::some_legal_order_keeps;
using serial_specifications::Specification;

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

}  // namespace
}  // namespace lineup::checker
