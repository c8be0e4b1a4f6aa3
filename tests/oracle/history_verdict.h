// The checker oracle: linearizability verdicts computed by brute force, sharing no code with
// lineup's checker. Sequential queue and stack models of its own, the classic real-time check
// as a plain search over permutations of the calls, and the dependency-aware verdict as that
// check applied to every execution equivalent to a recorded one, enumerated event by event.
#pragma once

#include <cstdint>
#include <vector>

#include "history.h"

namespace oracle {

enum class Container { kQueue, kStack };

/// before[y] has bit x set when call x must precede call y (calls are thread-major).
using Before = std::vector<uint64_t>;

/// The calls of `history`, thread-major.
std::vector<HistoryCall> flat_calls(const History& history);

/// Whether some order of `calls` that keeps `before` gives every call its recorded result on
/// an empty `container`: tries every permutation.
bool classic_linearizable(Container container, const std::vector<HistoryCall>& calls,
                          const Before& before);

/// The real-time orders of all executions equivalent to the recorded one: every ordering of
/// the threads' events (each call's invocation, its steps, its response, in program order)
/// that keeps each pair of dependent steps (same thread, or same location with at least one
/// of them writing; a failed CAS only reads) in its recorded order. x precedes y when x's
/// response comes before y's invocation. Distinct relations only.
std::vector<Before> equivalent_real_time_orders(const History& history);

/// Whether every execution equivalent to the recorded one passes the classic check.
bool every_equivalent_linearizable(Container container, const History& history);

}  // namespace oracle
