// What a hunt did not cover, in words: the difference between "no violation found" and "no
// violation exists within the bound".
#pragma once

#include <string>

#include "lineup/hunt/hunt.h"

namespace lineup::hunt {

/// The bound asked for, as bound_completed reports it: INT_MAX without one, and for DPOR, which
/// takes none (it completes the search of a program or nothing).
int wanted_bound(const HuntOptions& options);

/// Whether every program the hunt finished was explored up to the preemption bound asked
/// for (cbdpor, icb with a bound) or exhaustively (dpor); always false for random and pct,
/// which sample; false when the hunt cannot see every access (HuntOptions::unseen_accesses).
/// Programs cut short by the budget's end are not counted against it; a stack
/// reached through a pointer no hook saw is (HuntResult::late_stack_publications), and so is
/// a program whose search may have missed classes (HuntResult::programs_missing_classes).
bool bound_covered(const HuntResult& result, const HuntOptions& options);

/// c11 mode: what the completed bound covers, in the words of engine::describe, e.g. "every
/// execution with at most 1 preemption and at most 2 stale reads is covered"; "" when nothing
/// is claimed (a sampler, no bound completed, or SC mode, whose summary keeps its shape). dfs
/// runs every execution itself, so the claim is not up to equivalence.
std::string c11_coverage(const HuntResult& result, const HuntOptions& options);

/// "" when bound_covered (or the strategy samples); else why not, e.g. "bound 2 was not
/// completed: 3 programs hit --executions".
std::string incomplete_coverage(const HuntResult& result, const HuntOptions& options);

/// "1 program hit --executions, 12 executions abandoned, spin detection blocked a thread 40
/// times, 0 timed waits forced": the coverage counters of a hunt, for the summary.
std::string coverage_counts(const HuntResult& result);

}  // namespace lineup::hunt
