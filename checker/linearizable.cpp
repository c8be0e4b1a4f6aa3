#include "checker/linearizable.h"

#include <set>
#include <utility>

namespace lineup::checker {
namespace {

struct Search {
  const specs::Model& model;
  const std::vector<CallRecord>& calls;
  const Precedence& precedes;
  std::set<std::pair<uint64_t, specs::State>> dead;
  std::vector<int> order;

  bool extend(uint64_t done, const specs::State& state) {
    uint64_t all = calls.size() == 64 ? ~uint64_t{0} : (uint64_t{1} << calls.size()) - 1;
    if (done == all) return true;
    if (dead.count({done, state})) return false;
    for (size_t c = 0; c < calls.size(); ++c) {
      uint64_t bit = uint64_t{1} << c;
      if ((done & bit) || (precedes[c] & ~done)) continue;
      specs::State next = state;
      if (model.apply(next, calls[c].operation) != calls[c].result) continue;
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
                                          const Precedence& precedes) {
  Search s{model, calls, precedes, {}, {}};
  if (s.extend(0, model.initial())) return s.order;
  return std::nullopt;
}

}  // namespace lineup::checker
