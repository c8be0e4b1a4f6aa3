// Joining the `hunt --json` summaries of a hunt's shards (--shard I/N, on one machine or many)
// into the summary of the whole hunt.
#pragma once

#include <nlohmann/json.hpp>
#include <vector>

namespace lineup::corpus {

/// The merged summary of `shards` (each a `hunt --json` object, at least one). They must be
/// shards of one hunt: the same structure, strategy, bound, depth, check, seed, threads,
/// calls and init, which the result keeps (and memory_model and stale_bound when present).
/// programs, executions, distinct_classes, jobs, setup_seconds, checker_seconds and the
/// coverage counters (programs_capped, executions_abandoned, spin_blocks, forced_timeouts,
/// late_stack_publications, thread_pointer_switches, duplicates_dropped, stale_spin_cuts,
/// programs_missing_classes; 0 for a shard without one) are summed, and internal_errors joined;
/// seconds is the longest shard's and shard_seconds their sum; bound_completed is the lowest (-1 if
/// any shard completed none), and bound_covered and coverage_gap are the whole hunt's, computed
/// from those as a hunt computes its own; violations are ordered by program_index and deduplicated
/// by (kind, signature), keeping the earliest program's, as one hunt reports a bug once;
/// per_program lists are joined (by index); "shards" is how many were merged. Throws
/// std::invalid_argument naming the shard (by position, from 1) and field on a missing or mistyped
/// field or a mismatch.
nlohmann::json merge_results(const std::vector<nlohmann::json>& shards);

}  // namespace lineup::corpus
