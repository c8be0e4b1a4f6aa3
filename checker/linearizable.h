// The core of Line-Up: is there a sequential order of the calls, respecting a precedence
// relation, in which the model returns exactly the results the calls returned?
#pragma once

#include <optional>
#include <vector>

#include "checker/history.h"

namespace lineup::checker {

/// A witness order (call indices) if the calls are linearizable under `precedes`, else
/// nullopt. Depth-first over orders, pruning states (calls done, model state) already found
/// to be dead ends.
std::optional<std::vector<int>> linearize(const specs::Model& model,
                                          const std::vector<CallRecord>& calls,
                                          const Precedence& precedes);

}  // namespace lineup::checker
