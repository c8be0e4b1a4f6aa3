// The two shortcuts that find the one linearization an execution allows, for the judge to
// follow along the model (LinearizationGraph::follows): calls that ran one after another
// (serial_calls.h), and a union relation that is a total order (unique_linearization.h).
// Each costs a little on every execution it is asked about and settles only some: on a
// structure where it seldom succeeds (a lock-free one) it is asked of few (shortcut_tally.h).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "checker/boundary_order.h"
#include "checker/shortcuts/serial_calls.h"
#include "checker/shortcuts/shortcut_tally.h"
#include "checker/shortcuts/unique_linearization.h"
#include "engine/memory/happens_before.h"
#include "engine/trace.h"

namespace lineup::checker {

class SingleOrderShortcuts {
 public:
  /// For executions of `calls` calls.
  explicit SingleOrderShortcuts(size_t calls) : order_(calls, 0) {}

  /// Whether, when worth asking, the calls of `trace` are found to have run one after another
  /// under `hb` (serial_calls(), `shape` numbering the calls); order() is then their one
  /// linearization.
  bool serial(const engine::Trace& trace, const engine::HappensBefore& hb,
              const BoundaryOrder& shape) {
    if (!serial_calls_.worth_asking() || !serial_calls(trace, hb, shape, order_.data())) {
      return false;
    }
    serial_calls_.succeeded();
    return true;
  }
  /// Whether, when worth asking, the union relation `precedes` of `calls` calls is found to
  /// be a total order (unique_linearization()); order() is then its one linearization.
  bool total(const uint64_t* precedes, size_t calls) {
    if (!unique_linearizations_.worth_asking() ||
        !unique_linearization(precedes, calls, order_.data())) {
      return false;
    }
    unique_linearizations_.succeeded();
    return true;
  }
  /// The linearization the last serial() or total() that returned true found (call indices).
  const int* order() const { return order_.data(); }

 private:
  // serial_calls() costs about 290 instructions and unique_linearization() about 150 on a
  // lock-free structure's executions, where they seldom succeed.
  ShortcutTally serial_calls_, unique_linearizations_;
  std::vector<int> order_;
};

}  // namespace lineup::checker
