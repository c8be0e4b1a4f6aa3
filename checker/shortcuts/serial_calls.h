// Recognising, from the trace alone, an execution whose calls ran one after another, each
// ordered by happens-before before the next: a lock-based structure's executions mostly are
// (every call one critical section, and a thread waiting for the lock makes no step). Their
// boundary order is then total, and its one order is read off the trace in one pass over the
// steps, with no precedence relation computed (BoundaryOrder, total_order).
#pragma once

#include "checker/boundary_order.h"
#include "engine/memory/happens_before.h"
#include "engine/trace.h"

namespace lineup::checker {

/// Whether the calls of `trace` are serial under `hb` (the relation of exactly the trace's
/// steps): among the steps made inside calls (Transition::call), each call's steps are
/// consecutive, every call made at least one, and the last step of each call happens before
/// the first step of the next. If so `order[0, shape.calls())` gets the calls (thread-major
/// indices, as `shape` numbers them) in trace order, and that is the one order the union
/// relation (BoundaryOrder::possible_precedence after induce) allows: along the chain, every
/// call's last step happens before every later call's first, so no equivalent interleaving
/// lets a later call precede an earlier one, and none forces an earlier call's invocation
/// after a later call's response. Otherwise `order` holds no meaning, and the boundary order
/// may still be total. Steps outside calls (thread exits) are passed over.
bool serial_calls(const engine::Trace& trace, const engine::HappensBefore& hb,
                  const BoundaryOrder& shape, int* order);

}  // namespace lineup::checker
