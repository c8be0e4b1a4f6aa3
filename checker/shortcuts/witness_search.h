// The search for a legal linearization with the witnesses it found in front of it: a correct
// structure's executions are explained by few linearizations per outcome, so each question
// goes first to the last ones found for its outcome (witnesses.h), a handful of AND operations
// each, and only then to the search (linearization_search.h), whose answer is kept.
#pragma once

#include <cstddef>
#include <cstdint>

#include "checker/shortcuts/cycles.h"
#include "checker/shortcuts/linearization_search.h"
#include "checker/shortcuts/shortcut_tally.h"
#include "checker/shortcuts/witnesses.h"

namespace lineup::checker {

class WitnessSearch {
 public:
  /// For linearizations of `calls` calls.
  explicit WitnessSearch(size_t calls) : calls_(calls), witnesses_(calls) {}

  /// Whether some linearization respecting `precedes` (word y: bit x when call x must come
  /// before call y) gives `outcome`: a kept witness, else `search` (whose linearization is
  /// then kept).
  bool respected(uint32_t outcome, const uint64_t* precedes, LinearizationSearch& search) {
    return witnesses_.any_respects(outcome, precedes) || searched(outcome, precedes, search);
  }
  /// The same for a union relation, which may have a cycle: then no linearization respects
  /// it, and none is searched for. Where most unions have one, the cycle is looked for before
  /// the kept witnesses (which would all be tried in vain); elsewhere the witnesses come
  /// first (most unions without a cycle fit one).
  bool union_respected(uint32_t outcome, const uint64_t* precedes, LinearizationSearch& search) {
    const bool cycle_first = cyclic_unions_.worth_asking();
    if (cycle_first && cyclic_core(precedes, calls_) != 0) {
      cyclic_unions_.succeeded();
      return false;
    }
    return witnesses_.any_respects(outcome, precedes) ||
           ((cycle_first || cyclic_core(precedes, calls_) == 0) &&
            searched(outcome, precedes, search));
  }

 private:
  // The search of respected(), without the witnesses; keeps the linearization it finds.
  bool searched(uint32_t outcome, const uint64_t* precedes, LinearizationSearch& search) {
    if (!search.legal(outcome, precedes)) return false;
    witnesses_.add(outcome, search.order());
    return true;
  }

  size_t calls_;
  Witnesses witnesses_;
  // Looking for a cycle in the union before the kept witnesses saves their scan (about 450
  // instructions with 16 kept) on a cyclic union and costs about 150 on another: worth it
  // where at least one union in 4 is cyclic.
  ShortcutTally cyclic_unions_{4};
};

}  // namespace lineup::checker
