#include "checker/shortcuts/unique_linearization.h"

#include <bit>

#include "checker/call_set.h"

// Counting bits is one instruction only with a processor flag the baseline x86-64 lacks, and
// a call into the compiler's runtime library without it, made here for every call of every
// execution: the function is compiled twice and the loader picks the version the processor
// runs.
#if defined(__x86_64__) && defined(__GNUC__)
#define LINEUP_COUNTS_BITS __attribute__((target_clones("popcnt", "default")))
#else
#define LINEUP_COUNTS_BITS
#endif

namespace lineup::checker {

LINEUP_COUNTS_BITS bool unique_linearization(const uint64_t* precedes, size_t calls, int* order) {
  // Each call goes to the position its number of predecessors says; the positions must be
  // all distinct (a permutation), and each call's predecessors exactly the calls placed
  // before it. Without early exits: the relations met one after another are total or not in
  // no pattern a branch predictor learns.
  if (calls == 0) return true;
  const uint64_t all = first_calls(calls);
  uint64_t positions = 0;
  for (size_t y = 0; y < calls; ++y) {
    const auto k = static_cast<size_t>(std::popcount(precedes[y]));
    const bool fits = k < calls;
    positions |= uint64_t{fits} << (k & 63);
    order[fits ? k : calls - 1] = static_cast<int>(y);
  }
  if (positions != all) return false;
  uint64_t done = 0, wrong = 0;
  for (size_t k = 0; k < calls; ++k) {
    wrong |= precedes[order[k]] ^ done;
    done |= uint64_t{1} << order[k];
  }
  return wrong == 0;
}

}  // namespace lineup::checker
