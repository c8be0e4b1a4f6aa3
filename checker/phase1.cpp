#include "checker/phase1.h"

#include "checker/call_text.h"
#include "engine/strategy/serial.h"

namespace lineup::checker {
namespace {

struct SerialRun {
  std::vector<int> order;
  std::vector<int> results;
};

// One pass over every serial order, in the serial strategy's (deterministic) order; stops at
// the first failed execution, described in `failure`.
std::vector<SerialRun> run_all_orders(engine::Engine& engine, const specs::Target& target,
                                      const specs::TestProgram& program, std::string* failure) {
  std::vector<SerialRun> runs;
  std::vector<int> results(program.results_size(), 0);
  engine::Program p = target.instantiate(program, &results);
  engine::SerialStrategy serial;
  engine.explore(p, serial, [&](const engine::ExecutionResult& r) {
    if (!r.ok()) {
      *failure = std::string(engine::to_string(r.outcome)) + ": " + r.message;
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
    runs.push_back({std::move(order), results});
    return true;
  });
  return runs;
}

}  // namespace

SerialOutcomes serial_outcomes(engine::Engine& engine, const specs::Target& target,
                               const specs::TestProgram& program) {
  SerialOutcomes out;
  std::vector<SerialRun> first = run_all_orders(engine, target, program, &out.failure);
  if (!out.failure.empty()) return out;
  std::vector<SerialRun> second = run_all_orders(engine, target, program, &out.failure);
  if (!out.failure.empty()) return out;
  out.orders = first.size();
  for (size_t i = 0; i < first.size(); ++i) {
    if (i >= second.size() || second[i].order != first[i].order ||
        second[i].results != first[i].results) {
      out.nondeterministic = true;
      out.failure = "nondeterministic even serially: the serial order " +
                    describe_order(*target.model, program, first[i].order) +
                    " gave different results in two runs:\n" +
                    describe_calls(*target.model, program, first[i].results) + "and then\n" +
                    (i < second.size() ? describe_calls(*target.model, program, second[i].results)
                                       : std::string("  (no second run)\n"));
      return out;
    }
    out.outcomes[first[i].results].push_back(std::move(first[i].order));
  }
  return out;
}

}  // namespace lineup::checker
