// Which findings of a scan (hidden_accesses.h) count against one structure: those in code its
// executions can reach. Where the executions enter instrumented code is recorded
// (function_entries.h) over a few executions of small programs of the structure; what they
// can reach is every function the call graph (code_graph.h) leads to from there by direct
// calls. A finding reached only through a call through a pointer that those executions did
// not make is not counted (docs/uninstrumented-calls.md, "Limits").
#pragma once

#include <cstdint>
#include <vector>

#include "engine/diagnostics/hidden_accesses.h"

namespace lineup::engine {

/// The findings counting against one structure, as indices into the scan's lists.
struct Reach {
  std::vector<size_t> accesses;  // into HiddenAccessScan::accesses
  std::vector<size_t> calls;     // into HiddenAccessScan::calls
  bool empty() const { return accesses.empty() && calls.empty(); }
};

/// The findings of `scan` reached from the instrumented functions holding the run-time
/// addresses `entered` (as function_entries.h records them); every finding when none of them
/// lies in an instrumented function (nothing recorded, or the recording failed).
Reach reach_of(const HiddenAccessScan& scan, const std::vector<uintptr_t>& entered);

}  // namespace lineup::engine
