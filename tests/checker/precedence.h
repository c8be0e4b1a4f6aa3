// The two ways to decide which calls of an execution must precede which.
//
// Classic Line-Up: x precedes y when x returned before y was invoked in this interleaving.
// Dependency-aware (van den Hooff 2014 sec. 3.4): the same, but for every execution equivalent to
// this one. A call's invocation and response are events of its thread, just before its first and
// just after its last step; they are ordered across threads only through happens-before
// between steps. Every order of these boundary events that respects that partial order is the
// real-time order of some equivalent execution, so the class passes iff every such order's
// precedence relation admits a legal linearization. Placing responses as early as possible
// gives the most constraining relation for each order of invocations, and only those are
// enumerated.
#pragma once

#include <vector>

#include "checker/history.h"
#include "engine/trace.h"

namespace lineup::engine {
class HappensBefore;
}

namespace lineup::checker {

/// x precedes y iff x's last step is before y's first step (calls without steps sit at the
/// gap where they were made). Calls are the trace's CallSpans, in order.
Precedence real_time_precedence(const engine::Trace& trace);

/// The distinct most-constraining precedence relations over all executions equivalent to
/// `trace` (happens-before computed from its steps).
std::vector<Precedence> equivalent_precedences(const engine::Trace& trace, int threads);
/// The same, with the happens-before of `trace` already computed (hb.add of every step).
std::vector<Precedence> equivalent_precedences(const engine::Trace& trace, int threads,
                                               const engine::HappensBefore& hb);

}  // namespace lineup::checker
