#include "lineup/phase1.h"

#include "lineup/engine/strategy/serial.h"

namespace lineup {

SerialOutcomes serial_outcomes(engine::Engine& engine, const specs::Target& target,
                               const specs::TestProgram& program) {
  SerialOutcomes out;
  std::vector<int> results(program.results_size(), 0);
  engine::Program p = target.instantiate(program, &results);
  engine::SerialStrategy serial;
  engine.explore(p, serial, [&](const engine::ExecutionResult& r) {
    ++out.orders;
    if (!r.ok()) {
      out.failure = std::string(engine::to_string(r.outcome)) + ": " + r.message;
      return false;
    }
    // The order in which calls ran: by their steps (spans are listed in the order calls
    // were entered, which for a fiber's first call is when the thread started).
    std::vector<int> order;
    std::vector<bool> seen(r.trace.calls.size(), false);
    auto add = [&](size_t c) {
      if (seen[c]) return;
      seen[c] = true;
      const engine::CallSpan& s = r.trace.calls[c];
      order.push_back(static_cast<int>(program.flat(s.thread, s.index_in_thread)));
    };
    for (const engine::Transition& t : r.trace.steps) {
      if (t.call >= 0) add(static_cast<size_t>(t.call));
    }
    for (size_t c = 0; c < r.trace.calls.size(); ++c) add(c);  // calls without steps
    out.outcomes[results].push_back(std::move(order));
    return true;
  });
  return out;
}

}  // namespace lineup
