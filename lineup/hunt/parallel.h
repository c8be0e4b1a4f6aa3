// A hunt split over worker processes: worker i of N hunts programs i, i+N, i+2N, ... of the
// same sequence (HuntOptions::shard) with its own engine and strategy, and streams its
// progress and result back to the parent as JSON lines. Processes rather than threads: the
// engine's runtime (malloc interposition, fiber-local libcds state, signal handlers) is
// process-wide. For a given seed, jobs count and program limit the result is deterministic.
#pragma once

#include <functional>

#include "lineup/hunt/hunt.h"

namespace lineup::hunt {

/// Runs `jobs` workers (1: in this process) and merges their results: counts add up (classes
/// are per program, so shards never share one), bound_completed is the lowest, violations
/// are ordered by program index and deduplicated by (kind, signature) and by re-searching
/// each program with the earlier violations' functions sealed (a violation one worker found
/// that another's seals would have hidden is a rediscovery), at most
/// options.max_violations. `progress` sees the merged state. Throws std::runtime_error when a
/// worker dies without a result.
HuntResult hunt_parallel(const specs::Target& target, const HuntOptions& options, int jobs,
                         const std::function<void(const HuntResult&)>& progress = {});

}  // namespace lineup::hunt
