// WitnessSearch against a brute force over a specification of serial orders (as phase 1
// gives one): a relation is respected when one of the legal orders keeps every pair it
// orders, and a union relation with a cycle is respected by none, whether the answer comes
// from a kept witness or from the search.
#include "checker/shortcuts/witness_search.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <numeric>
#include <vector>

#include "checker/shortcuts/linearization_search.h"
#include "serial_specifications.h"

namespace lineup::checker {
namespace {

using serial_specifications::acyclic;
using serial_specifications::arbitrary_specification;
using serial_specifications::Relation;
using serial_specifications::some_legal_order_keeps;
using serial_specifications::Specification;

// The threads' own orders and some pairs of calls of different threads, cyclic or not.
Relation arbitrary_union(const Specification& spec) {
  Relation relation = spec.own;
  const size_t calls = relation.size();
  for (size_t y = 0; y < calls; ++y) {
    for (size_t x = 0; x < calls; ++x) {
      if (spec.thread_of_call[x] != spec.thread_of_call[y] && *rc::gen::inRange(0, 4) == 0) {
        relation[y] |= uint64_t{1} << x;
      }
    }
  }
  return relation;
}

RC_GTEST_PROP(WitnessSearch, AnswersAsTheLegalOrdersDo, ()) {
  const Specification spec = arbitrary_specification();
  const size_t calls = spec.own.size();
  const std::vector<int> results(calls, 0);  // the one outcome
  LinearizationSearch search({{results, spec.legal}});
  const uint32_t outcome = search.outcome(results);
  WitnessSearch witnesses(calls);
  const auto questions = *rc::gen::inRange(1, 40);
  size_t respected = 0;
  for (int q = 0; q < questions; ++q) {
    const Relation relation = arbitrary_union(spec);
    const bool expected = acyclic(relation) && some_legal_order_keeps(spec, relation);
    if (*rc::gen::arbitrary<bool>()) {
      RC_ASSERT(witnesses.union_respected(outcome, relation.data(), search) == expected);
    } else {
      RC_ASSERT(witnesses.respected(outcome, relation.data(), search) == expected);
    }
    respected += expected ? 1 : 0;
  }
  RC_TAG(respected > 1 ? "a witness could be asked again" : "at most one respected");
}

}  // namespace
}  // namespace lineup::checker
