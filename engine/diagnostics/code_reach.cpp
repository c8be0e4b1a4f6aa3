#include "engine/diagnostics/code_reach.h"

#include <algorithm>

namespace lineup::engine {

Reach reach_of(const HiddenAccessScan& scan, const std::vector<uintptr_t>& entered) {
  Reach out;
  const CodeGraph& graph = scan.graph;
  const std::vector<bool> reached = graph.reached_from(entered);
  const bool located = std::find(reached.begin(), reached.end(), true) != reached.end();
  auto counts = [&](uintptr_t pc) {
    if (!located) return true;
    const size_t f = graph.function_of(pc);
    return f != CodeGraph::kNone && reached[f];
  };
  for (size_t i = 0; i < scan.accesses.size(); ++i) {
    if (counts(scan.accesses[i].pc)) out.accesses.push_back(i);
  }
  for (size_t i = 0; i < scan.calls.size(); ++i) {
    if (counts(scan.calls[i].pc)) out.calls.push_back(i);
  }
  return out;
}

}  // namespace lineup::engine
