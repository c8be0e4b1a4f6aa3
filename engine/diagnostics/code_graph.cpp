#include "engine/diagnostics/code_graph.h"

#include <algorithm>

namespace lineup::engine {

void CodeGraph::add_function(uintptr_t start, std::string name) {
  functions_.push_back({start, std::move(name), {}});
}

void CodeGraph::seal() {
  std::sort(functions_.begin(), functions_.end(),
            [](const Function& a, const Function& b) { return a.start < b.start; });
  // A symbol and its aliases (a constructor's C1 and C2) are one function.
  functions_.erase(
      std::unique(functions_.begin(), functions_.end(),
                  [](const Function& a, const Function& b) { return a.start == b.start; }),
      functions_.end());
}

size_t CodeGraph::function_of(uintptr_t pc) const {
  auto it = std::upper_bound(functions_.begin(), functions_.end(), pc,
                             [](uintptr_t a, const Function& f) { return a < f.start; });
  if (it == functions_.begin()) return kNone;
  return static_cast<size_t>(std::prev(it) - functions_.begin());
}

void CodeGraph::add_call(uintptr_t site, uintptr_t target) {
  const size_t from = function_of(site), to = function_of(target);
  if (from == kNone || to == kNone || from == to) return;
  functions_[from].callees.push_back(to);
}

std::vector<bool> CodeGraph::reached_from(const std::vector<uintptr_t>& roots) const {
  std::vector<bool> reached(functions_.size(), false);
  std::vector<size_t> work;
  for (uintptr_t pc : roots) {
    const size_t f = function_of(pc);
    if (f != kNone && !reached[f]) {
      reached[f] = true;
      work.push_back(f);
    }
  }
  while (!work.empty()) {
    const size_t f = work.back();
    work.pop_back();
    for (size_t g : functions_[f].callees) {
      if (!reached[g]) {
        reached[g] = true;
        work.push_back(g);
      }
    }
  }
  return reached;
}

}  // namespace lineup::engine
