// Shrinking a counterexample to a locally minimal one: first the program (drop threads,
// calls, init calls; smaller arguments; of a client's program only the arguments the client
// leaves out), each candidate re-checked by a bounded systematic search of the candidate
// (CB-DPOR; dfs in c11 mode) or, when that no longer finds the original program failing, by
// sampling as a hunt does (the portfolio of CB-DPOR and POS; POS in c11 mode); then the
// schedule (fewest preemptions, searched bound by bound from none up, then fewest steps).
#pragma once

#include <functional>
#include <string>

#include "lineup/corpus/counterexample.h"

namespace lineup::corpus {

struct ShrinkOptions {
  /// Executions explored per candidate program; a candidate that fails only beyond them is
  /// treated as passing.
  uint64_t executions_per_candidate = 20000;
  /// Preemption bound of the candidate searches (at least the counterexample's own).
  int bound = 2;
  /// Called with a line per accepted step ("dropped T2[1].pop()"); may be empty.
  std::function<void(const std::string&)> log;
  /// Asked after every execution; when it returns true, shrinking ends with the smallest case
  /// found so far (logged as "stopped: ..."). May be empty.
  std::function<bool()> stop;
};

/// A counterexample of the same structure and kind whose program no single removal or
/// argument simplification can shrink further while still failing (for a case found with a
/// client, Counterexample::client: no simplification of an argument the client leaves out;
/// its calls and given arguments are kept) (under the bounded
/// search), with a schedule of fewest preemptions and then fewest steps, or the smallest
/// failing case found before options.stop returned true. The original
/// program and schedule are kept in original_program / original_schedule. Returns `c`
/// unchanged when its program no longer fails under the bounded search.
Counterexample shrink(const Counterexample& c, const ShrinkOptions& options = {});

}  // namespace lineup::corpus
