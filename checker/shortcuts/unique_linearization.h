// Recognising a precedence relation that leaves exactly one order of the calls. When every
// call of an execution is one critical section (a lock-based structure), or a systematic
// search has ordered every pair of calls, the boundary order is total: its one order is then
// followed along the search graph instead of searched for, and no kept witness is needed.
#pragma once

#include <cstddef>
#include <cstdint>

namespace lineup::checker {

/// Whether `precedes` (word y: bit x when call x must come before call y) over `calls` calls
/// (at most 64) is a strict total order: call y then has exactly as many predecessors as its
/// position, and they are the calls before it. If so, `order[0, calls)` gets the calls in
/// that order; otherwise `order` holds no meaning.
bool unique_linearization(const uint64_t* precedes, size_t calls, int* order);

}  // namespace lineup::checker
