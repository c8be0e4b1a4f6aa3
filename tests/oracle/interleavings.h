// The interleaving oracle: an interpreter of oracle programs (program.h) that runs every
// interleaving of their steps and says which outcomes are reachable, each with the fewest
// preemptions any interleaving reaching it needs. It shares no code with lineup: its own
// memory, mutexes and condition variable, its own step boundaries and its own preemption
// count, so a mistake in the engine's dependency rule, reduction or blocking model cannot
// hide behind the same mistake here.
//
// Steps are what the engine makes scheduling points of in real code: each load, store, CAS,
// fetch_add, lock, unlock and notify is one step; a condition wait that has to wait is four
// (the read, releasing the mutex to wait, the wake-up, taking the mutex again); a spin-wait
// is one step per read. A preemption is a switch away from a thread that could have taken
// its next step; switching when it finished or is blocked (a held mutex, a wait not yet
// notified) is free.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "program.h"

namespace oracle {

/// What an execution shows: whether it ended in a deadlock (unfinished threads, none able to
/// step), every value each thread's completed operations read, and the cells at the end.
/// Encoded as ints: deadlock, then per thread the number of reads and the reads, then cells.
using Outcome = std::vector<int>;

/// Builds an Outcome.
Outcome make_outcome(bool deadlock, const std::vector<std::vector<int>>& reads,
                     const std::vector<int>& cells);

/// "deadlock; T0 reads 0 1; T1 reads -; cells 1 2".
std::string describe(const Outcome& outcome, int threads);

/// Every reachable outcome of `program` with the fewest preemptions that reach it.
std::map<Outcome, int> reachable_outcomes(const Program& program);

}  // namespace oracle
