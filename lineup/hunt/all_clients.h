// Every client of a given number of calls, for `lineup verify --all-clients N`: verifying each
// one covers every client of at most N calls, in the following sense. A client with fewer
// calls becomes one of N calls by appending calls at the ends of its threads; among the
// executions of the longer client are those that run the appended calls after every other
// call, whose histories are the shorter client's with those calls added last. Linearizability
// is closed under removing calls that begin after all others end (a linearization of the
// longer history, restricted, linearizes the shorter), so a violation of the shorter client
// is one of the longer (as a deadlock, if an appended call blocks). Clients differing only in
// the order of their threads are all listed: a structure may tell its threads apart
// (thread_index(), per-thread state, roles), so thread order is not a symmetry lineup may
// assume. Init prefixes are not enumerated: every client starts from a fresh structure.
#pragma once

#include <cstddef>
#include <vector>

#include "generator/client.h"
#include "specs/structure.h"

namespace lineup::hunt {

/// The calls one client call may be under `target`: each operation, with each of the
/// target's argument values when it takes one.
std::vector<generator::ClientCall> client_calls(const specs::Target& target);

/// How many clients all_clients(target, calls, max_threads) lists, without listing them.
size_t count_all_clients(const specs::Target& target, size_t calls, size_t max_threads);

/// Every client of exactly `calls` calls (every argument given) in 1 to `max_threads`
/// nonempty threads that `target`'s roles allow, in a fixed order: by number of threads,
/// then by the calls per thread, then by the calls.
std::vector<generator::Client> all_clients(const specs::Target& target, size_t calls,
                                           size_t max_threads);

}  // namespace lineup::hunt
