// `lineup verify --jobs N`: the search of one client split into parts (prefix_split.h), taken
// one at a time by N forked worker processes (each takes the next part left when it finishes
// one), their counts summed. Each class is owned by exactly one part, so the classes of the
// workers add up without double counting.
#pragma once

#include "lineup/hunt/verify.h"

namespace lineup::hunt {

/// verify() in `jobs` worker processes (in this process when jobs is 1). A violation found by
/// one worker stops the others; a stop request (interruption.h) is passed on to them. Workers
/// share the deadline; --max-executions holds for each worker. `progress` sees the sums of the
/// workers' counts, every tenth of a second or so.
VerifyResult verify_parallel(const specs::Target& target, const specs::TestProgram& program,
                             const HuntOptions& options, const VerifyLimits& limits, int jobs,
                             const VerifyProgress& progress = {});

}  // namespace lineup::hunt
