// Calls of a test program in words, for reports: one call, an order of calls, and every
// thread's calls with their results.
#pragma once

#include <string>
#include <vector>

#include "specs/model.h"
#include "specs/structure.h"

namespace lineup::checker {

/// "T1[0].pop()": call `flat` (thread-major index) of `program`.
std::string describe_call(const specs::Model& model, const specs::TestProgram& program, int flat);

/// "T0[0].push(1), T1[0].pop()": calls (thread-major indices) in the given order.
std::string describe_order(const specs::Model& model, const specs::TestProgram& program,
                           const std::vector<int>& order);

/// "  T0: push(1) -> 1, pop() -> empty" lines, one per thread (and the init prefix).
std::string describe_calls(const specs::Model& model, const specs::TestProgram& program,
                           const std::vector<int>& results);

}  // namespace lineup::checker
