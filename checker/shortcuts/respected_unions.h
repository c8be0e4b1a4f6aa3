// Union relations whose acyclic parts were all respected, per outcome. Each interleaving's
// relation is acyclic, lies within the union relation of its boundary order, and holds every
// thread's own order (the union's only edges within a thread); so for a cycle of the union it
// lacks one of the cycle's edges across threads, and lies within one of the parts made by
// taking one such edge away each. When a legal linearization respects every acyclic part,
// reached by splitting on the cycles while there are any, every relation the boundary order
// allows has one; so has every relation of a later union within this one, with the same
// results, and such a union is kept (as Witnesses keeps what a linearization allows) for
// any_contains() to answer.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "checker/shortcuts/linearization_search.h"
#include "checker/shortcuts/witness_search.h"
#include "checker/shortcuts/witnesses.h"

namespace lineup::checker {

class RespectedUnions {
 public:
  /// The most relations every_acyclic_part_respected() looks at, and the most splits deep.
  static constexpr size_t kMaxParts = 8, kMaxDepth = 6;
  /// The fewest pairs of calls each before the other in a union that need more than
  /// kMaxParts parts: k pairs take 2^(k+1) - 1 parts at least (each split has two parts at
  /// least, since a cycle crosses threads twice at least and only edges across threads are
  /// taken away, and takes an edge from one pair at most).
  static constexpr size_t kTooManyTwoCycles = [] {
    size_t k = 0;
    while ((size_t{2} << k) - 1 <= kMaxParts) ++k;
    return k;
  }();

  /// For programs whose thread t makes calls_per_thread[t] calls (numbered thread-major).
  explicit RespectedUnions(const std::vector<size_t>& calls_per_thread);

  /// Whether `relation` lies within a union kept for `outcome`.
  bool any_contains(uint32_t outcome, const uint64_t* relation) {
    return kept_.any_respects(outcome, relation);
  }
  /// Whether every acyclic relation within the union relation `union_relation` is respected
  /// by some linearization giving `outcome` (asked of `witnesses`, then `search`), shown for
  /// a few relations that cover them: the union, split while it has a cycle into the
  /// relations each without one of the cycle's edges across threads. False when that takes
  /// more than kMaxParts relations, kMaxDepth splits or kTooManyTwoCycles pairs of calls each
  /// before the other, and for an acyclic union, which the caller has asked already. When
  /// true, the union is kept for any_contains().
  bool every_acyclic_part_respected(uint32_t outcome, const uint64_t* union_relation,
                                    WitnessSearch& witnesses, LinearizationSearch& search);

 private:
  // The same for parts_ at `depth`, counting the relations looked at in `asked`.
  bool part_respected(uint32_t outcome, size_t depth, size_t* asked, WitnessSearch& witnesses,
                      LinearizationSearch& search);

  std::vector<int> thread_of_call_;  // per call
  Witnesses kept_;
  std::vector<uint64_t> parts_;  // per depth, the union less some edges
  std::vector<int> cycle_;       // per depth, the cycle found in its part
};

}  // namespace lineup::checker
