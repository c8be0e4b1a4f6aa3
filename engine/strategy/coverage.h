// What a finished (or stopped) search of a systematic strategy covers: the vocabulary shared
// by every strategy and every report. "Exhaustive": every execution is covered, whatever its
// preemptions. "Bound completed": every execution with at most that many preemptions is.
#pragma once

#include <climits>
#include <string>

namespace lineup::engine {

/// A strategy's own statement of what it has covered so far (Strategy::coverage).
struct Coverage {
  /// bound_completed of an exhaustive search.
  static constexpr int kExhaustive = INT_MAX;

  /// The highest preemption bound c such that every execution with at most c preemptions is
  /// covered; kExhaustive once every execution is; -1 when nothing is claimed (sampling
  /// strategies, or a systematic search that has not completed a bound yet).
  int bound_completed = -1;
  /// True when covering an execution means covering one of its equivalence class (partial-
  /// order reduction); false when each execution itself was run.
  bool up_to_equivalence = false;
  /// c11 mode: the most stale memory-model choices (Choice options other than the SC one) an
  /// execution the claim covers may make; -1 when they are not bounded.
  int stale_bound = -1;
  /// The search may have missed equivalence classes within its claim (optimal DPOR after a
  /// wakeup sequence's thread was blocked, DporStrategy): a verification is then not claimed.
  bool may_miss_classes = false;

  /// Whether the search covered every execution.
  bool exhaustive() const { return bound_completed == kExhaustive; }
};

/// The coverage statement for reports, e.g. "every execution with at most 2 preemptions is
/// covered up to equivalence"; "" when `coverage` claims nothing.
std::string describe(const Coverage& coverage);

}  // namespace lineup::engine
