#include "lineup/hunt/preemptions.h"

#include <set>

#include "engine/diagnostics/symbolizer.h"

namespace lineup::hunt {

std::string function_of(uintptr_t pc) {
  const auto& frames = engine::symbolizer().frames(pc);
  for (const engine::SourceFrame& f : frames) {
    if (f.file.find("/c++/") == std::string::npos && !f.function.empty()) {
      return engine::short_function_name(f.function);
    }
  }
  return frames.empty() || frames.front().function.empty()
             ? "?"
             : engine::short_function_name(frames.front().function);
}

std::vector<std::string> preemption_signature(const std::vector<uintptr_t>& pcs) {
  std::set<std::string> unique;
  for (uintptr_t pc : pcs) unique.insert(function_of(pc));
  return {unique.begin(), unique.end()};
}

}  // namespace lineup::hunt
