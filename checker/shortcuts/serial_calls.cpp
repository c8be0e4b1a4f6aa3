#include "checker/shortcuts/serial_calls.h"

#include <cstdint>

namespace lineup::checker {

bool serial_calls(const engine::Trace& trace, const engine::HappensBefore& hb,
                  const BoundaryOrder& shape, int* order) {
  const size_t calls = shape.calls();
  if (trace.calls.size() != calls || hb.size() != trace.steps.size()) return false;
  uint64_t seen = 0;
  size_t placed = 0, last = 0;  // the current call's latest step
  int32_t current = -1;
  const engine::Transition* steps = trace.steps.data();
  for (size_t i = 0, n = trace.steps.size(); i < n; ++i) {
    const int32_t c = steps[i].call;
    if (c == current) {
      last = i;
      continue;
    }
    if (c < 0) continue;
    if (static_cast<size_t>(c) >= calls) return false;
    const auto bit = uint64_t{1} << c;
    // A call resumed after another call's steps, or a next call not ordered after this one.
    if ((seen & bit) != 0 || (current >= 0 && !hb.ordered(last, i))) return false;
    seen |= bit;
    const engine::CallSpan& span = trace.calls[static_cast<size_t>(c)];
    order[placed++] = static_cast<int>(shape.base(span.thread)) + span.index_in_thread;
    current = c;
    last = i;
  }
  return placed == calls;
}

}  // namespace lineup::checker
