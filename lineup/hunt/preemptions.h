// Where a schedule preempts: a switch away from a thread that could have continued. The
// functions the preempted threads were in form a bug's root-cause signature (Ball et al. 2009): two
// counterexamples that preempt in the same functions are most likely the same bug. The engine
// records the pcs (ExecutionResult::preempted_pcs); they are symbolized only here, for the
// few executions that are reported.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace lineup::hunt {

/// The functions preempted in at `pcs` (innermost frame outside the C++ standard library),
/// sorted, without repetitions.
std::vector<std::string> preemption_signature(const std::vector<uintptr_t>& pcs);

/// The function `pc` is in, for signatures: the innermost frame outside the C++ standard
/// library, without parameters; "?" when unknown.
std::string function_of(uintptr_t pc);

}  // namespace lineup::hunt
