// Which findings of a scan (hidden_accesses.h) count against one structure: those in code its
// executions can reach. Where the executions enter instrumented code is recorded
// (function_entries.h) over a few executions of small programs of the structure; what they
// can reach is every function the call graph (code_graph.h) leads to from there by direct
// calls. A finding reached only through a call through a pointer that those executions did
// not make is not counted: the functions making such calls are counted instead, so a report
// can say how many there are.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/diagnostics/hidden_accesses.h"

namespace lineup::engine {

/// The findings counting against one structure, as indices into the scan's lists.
struct Reach {
  std::vector<size_t> accesses;  // into HiddenAccessScan::accesses
  std::vector<size_t> calls;     // into HiddenAccessScan::calls
  /// Functions of the reached code that call through a pointer (virtual functions,
  /// std::function, function pointers): what they reach beyond what the recorded executions
  /// entered is not followed.
  size_t pointer_callers = 0;
  /// Whether any entry was found in the graph. When not (no instrumented function was entered,
  /// or the recording failed), every finding counts.
  bool located = false;
  bool empty() const { return accesses.empty() && calls.empty(); }
};

/// The findings of `scan` reached from the instrumented functions holding the run-time
/// addresses `entered` (as function_entries.h records them).
Reach reach_of(const HiddenAccessScan& scan, const std::vector<uintptr_t>& entered);

}  // namespace lineup::engine
