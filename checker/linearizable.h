// The core of Line-Up: is there a sequential order of the calls, respecting a precedence
// relation, in which the model returns exactly the results the calls returned?
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

#include "checker/history.h"

namespace lineup::checker {

/// A witness order (call indices) if the calls, starting from model state `initial`, are
/// linearizable under `precedes`, else nullopt. Depth-first over orders, pruning states
/// (calls done, model state) already found to be dead ends.
std::optional<std::vector<int>> linearize(const specs::Model& model,
                                          const std::vector<CallRecord>& calls,
                                          const Precedence& precedes, const specs::State& initial);
std::optional<std::vector<int>> linearize(const specs::Model& model,
                                          const std::vector<CallRecord>& calls,
                                          const Precedence& precedes);

/// The order closest to legal when none is: a serial order respecting `precedes` in which the
/// fewest calls return something other than what they returned, with the results the model
/// gives them in that order. The search is memoised on (calls done, model state), whose number
/// grows exponentially with calls that may come in either order: past `max_states` of them it
/// gives up, with no order and `gave_up` set.
struct ClosestOrder {
  std::vector<int> order;          // call indices
  std::vector<int> model_results;  // per call index
  int differences = 0;             // calls whose result differs
  bool gave_up = false;            // more than max_states (calls done, state) pairs
};
inline constexpr size_t kClosestOrderStates = size_t{1} << 16;
ClosestOrder closest_order(const specs::Model& model, const std::vector<CallRecord>& calls,
                           const Precedence& precedes, const specs::State& initial,
                           size_t max_states = kClosestOrderStates);

}  // namespace lineup::checker
