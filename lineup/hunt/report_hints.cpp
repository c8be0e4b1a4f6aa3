#include "lineup/hunt/report_hints.h"

#include <vector>

namespace lineup::hunt {

std::string report_hints(const engine::ExecutionResult& r, const specs::TestProgram& program,
                         const specs::Model& model, bool atomics_only) {
  if (atomics_only) return "";
  std::vector<std::string> silent;
  for (const engine::CallSpan& c : r.trace.calls) {
    if (!c.completed || c.first_step != c.end_step) continue;
    const auto& thread = program.threads[static_cast<size_t>(c.thread)];
    // Named as the checker's explanation names calls: T2[0].pop().
    silent.push_back("T" + std::to_string(c.thread) + "[" + std::to_string(c.index_in_thread) +
                     "]." + model.describe(thread[static_cast<size_t>(c.index_in_thread)]));
  }
  if (silent.empty()) return "";
  constexpr size_t kShown = 3;
  std::string calls;
  for (size_t i = 0; i < silent.size() && i < kShown; ++i) {
    calls += (i == 0 ? "" : i + 1 == silent.size() || i + 1 == kShown ? " and " : ", ") + silent[i];
  }
  if (silent.size() > kShown) calls += " (and " + std::to_string(silent.size() - kShown) + " more)";
  const bool one = silent.size() == 1;
  return "hint: " + calls + (one ? " made" : " each made") + " no scheduling point: if " +
         (one ? "it reads or writes" : "they read or write") +
         " shared memory, lineup did not see it (code built without lineup's instrumentation or "
         "in inline assembly), and that alone can make correct code look "
         "non-linearizable\n";
}

}  // namespace lineup::hunt
