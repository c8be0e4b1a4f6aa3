#include "checker/linearizable.h"

#include <bit>
#include <climits>
#include <map>
#include <set>
#include <utility>

#include "checker/call_set.h"

namespace lineup::checker {
namespace {

struct Search {
  const specs::Model& model;
  const std::vector<CallRecord>& calls;
  const Precedence& precedes;
  std::set<std::pair<uint64_t, specs::State>> dead;
  std::vector<int> order;

  bool extend(uint64_t done, const specs::State& state) {
    uint64_t all = first_calls(calls.size());
    if (done == all) return true;
    if (dead.count({done, state})) return false;
    for (size_t c = 0; c < calls.size(); ++c) {
      uint64_t bit = uint64_t{1} << c;
      if ((done & bit) || (precedes[c] & ~done)) continue;
      specs::State next = state;
      if (!model.accepts(next, calls[c].operation, calls[c].result)) continue;
      order.push_back(static_cast<int>(c));
      if (extend(done | bit, next)) return true;
      order.pop_back();
    }
    dead.insert({done, state});
    return false;
  }
};

}  // namespace

std::optional<std::vector<int>> linearize(const specs::Model& model,
                                          const std::vector<CallRecord>& calls,
                                          const Precedence& precedes, const specs::State& initial) {
  Search s{model, calls, precedes, {}, {}};
  if (s.extend(0, initial)) return s.order;
  return std::nullopt;
}

std::optional<std::vector<int>> linearize(const specs::Model& model,
                                          const std::vector<CallRecord>& calls,
                                          const Precedence& precedes) {
  return linearize(model, calls, precedes, model.initial());
}

namespace {

// Fewest mismatching results over the orders of the calls not in `done`, from `state`; the
// minimum depends only on (done, state), so it is memoized on that pair.
struct Closest {
  const specs::Model& model;
  const std::vector<CallRecord>& calls;
  const Precedence& precedes;
  size_t max_states;
  std::map<std::pair<uint64_t, specs::State>, std::pair<int, int>> best;  // -> (cost, next call)
  bool gave_up = false;  // more than max_states pairs: every cost from then on is void

  int cost(uint64_t done, const specs::State& state) {
    if (std::popcount(done) == static_cast<int>(calls.size())) return 0;
    auto key = std::make_pair(done, state);
    if (auto it = best.find(key); it != best.end()) return it->second.first;
    if (best.size() >= max_states) gave_up = true;
    if (gave_up) return 0;
    std::pair<int, int> choice{INT_MAX, -1};
    for (size_t c = 0; c < calls.size(); ++c) {
      uint64_t bit = uint64_t{1} << c;
      if ((done & bit) || (precedes[c] & ~done)) continue;
      // An accepted result costs nothing; otherwise the model's own result is what the
      // call would have returned.
      specs::State next = state;
      int miss = 0;
      if (!model.accepts(next, calls[c].operation, calls[c].result)) {
        miss = 1;
        next = state;
        model.apply(next, calls[c].operation);
      }
      int total = miss + cost(done | bit, next);
      if (gave_up) return 0;
      if (total < choice.first) choice = {total, static_cast<int>(c)};
    }
    best[key] = choice;
    return choice.first;
  }
};

}  // namespace

ClosestOrder closest_order(const specs::Model& model, const std::vector<CallRecord>& calls,
                           const Precedence& precedes, const specs::State& initial,
                           size_t max_states) {
  Closest search{model, calls, precedes, max_states, {}};
  ClosestOrder out;
  out.differences = search.cost(0, initial);
  if (search.gave_up) {
    out.differences = 0;
    out.gave_up = true;
    return out;
  }
  out.model_results.resize(calls.size(), 0);
  uint64_t done = 0;
  specs::State state = initial;
  while (std::popcount(done) < static_cast<int>(calls.size())) {
    int c = search.best.at({done, state}).second;
    if (c < 0) break;  // a cyclic precedence: no order at all
    out.order.push_back(c);
    const CallRecord& call = calls[static_cast<size_t>(c)];
    specs::State accepted = state;
    if (model.accepts(accepted, call.operation, call.result)) {  // as cost() stepped
      state = std::move(accepted);
      out.model_results[static_cast<size_t>(c)] = call.result;
    } else {
      out.model_results[static_cast<size_t>(c)] = model.apply(state, call.operation);
    }
    done |= uint64_t{1} << c;
  }
  return out;
}

}  // namespace lineup::checker
