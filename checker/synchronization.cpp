#include "checker/synchronization.h"

#include <optional>

namespace lineup::checker {
namespace {

std::string call_name(const specs::Model& model, const specs::TestProgram& program,
                      const engine::CallSpan& c) {
  const specs::Operation& op =
      program.threads[static_cast<size_t>(c.thread)][static_cast<size_t>(c.index_in_thread)];
  std::string out = "T" + std::to_string(c.thread) + "[" + std::to_string(c.index_in_thread) +
                    "]." + model.operation_names()[static_cast<size_t>(op.op)] + "(";
  if (model.takes_argument(op.op)) out += std::to_string(op.arg);
  return out + ")";
}

// The value call `c` (of operation `to`) sees, if any.
std::optional<int> seen_value(const specs::Model& model, const specs::Operation& op, int result) {
  if (model.takes_argument(op.op)) {
    if (result == 0) return std::nullopt;
    return op.arg;
  }
  if (result == specs::kEmpty) return std::nullopt;
  return result;
}

}  // namespace

std::string missing_synchronization(const specs::Target& target, const specs::TestProgram& program,
                                    const std::vector<int>& results, const engine::Trace& trace) {
  if (target.synchronizes.empty() || trace.call_clocks.size() != trace.calls.size()) return "";
  const specs::Model& model = *target.model;
  auto operation = [&](const engine::CallSpan& c) -> const specs::Operation& {
    return program.threads[static_cast<size_t>(c.thread)][static_cast<size_t>(c.index_in_thread)];
  };
  for (size_t y = 0; y < trace.calls.size(); ++y) {
    const engine::CallSpan& cy = trace.calls[y];
    if (!cy.completed) continue;
    const specs::Operation& oy = operation(cy);
    const int result = results[program.flat(cy.thread, cy.index_in_thread)];
    for (const auto& [from, to] : target.synchronizes) {
      if (oy.op != to) continue;
      const std::optional<int> v = seen_value(model, oy, result);
      if (!v) continue;
      const std::vector<uint32_t>& knows = trace.call_clocks[y].response;
      std::optional<size_t> unsynchronized;  // a call that gave v, not known to cy
      bool kept = false;
      for (size_t x = 0; x < trace.calls.size() && !kept; ++x) {
        const engine::CallSpan& cx = trace.calls[x];
        const specs::Operation& ox = operation(cx);
        if (x == y || ox.op != from || ox.arg != *v) continue;
        if (cx.thread == cy.thread) {
          kept = cx.index_in_thread < cy.index_in_thread;
          continue;
        }
        const auto t = static_cast<size_t>(cx.thread);
        const std::vector<uint32_t>& start = trace.call_clocks[x].invocation;
        const uint32_t invoked = t < start.size() ? start[t] : 0;
        kept = t < knows.size() && knows[t] > invoked;
        if (!kept && !unsynchronized) unsynchronized = x;
      }
      if (kept || !unsynchronized) continue;
      const engine::CallSpan& cx = trace.calls[*unsynchronized];
      return call_name(model, program, cy) + " -> " + std::to_string(result) +
             " does not happen after " + call_name(model, program, cx) + " (the structure " +
             "promises that " + model.operation_names()[static_cast<size_t>(to)] +
             " happens after the " + model.operation_names()[static_cast<size_t>(from)] +
             " it sees): no step of T" + std::to_string(cx.thread) + "'s " +
             model.operation_names()[static_cast<size_t>(from)] + " is known to T" +
             std::to_string(cy.thread) + " when its " +
             model.operation_names()[static_cast<size_t>(to)] + " returns, so what T" +
             std::to_string(cx.thread) + " wrote before the " +
             model.operation_names()[static_cast<size_t>(from)] +
             " need not be visible after it (no release store read by an acquire load, or "
             "stronger, links them)\n";
    }
  }
  return "";
}

}  // namespace lineup::checker
