// One-line hints under a violation's report, where its trace shows a likely cause outside the
// structure's logic: a reader who sees "a call that made no scheduling point" looks at how the
// code was built before looking for a bug in it.
#pragma once

#include <string>

#include "engine/outcome.h"
#include "specs/test_program.h"

namespace lineup::hunt {

/// "hint: ...\n" lines for the execution `r` of `program` judged not linearizable ("" when
/// there is none): the calls that completed without a single scheduling point, whose shared
/// accesses (if any) lineup did not see. `atomics_only`: plain accesses are no steps, so such
/// calls are expected and no hint is given.
std::string report_hints(const engine::ExecutionResult& r, const specs::TestProgram& program,
                         const specs::Model& model, bool atomics_only);

}  // namespace lineup::hunt
