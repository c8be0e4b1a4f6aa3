#include "lineup/hunt/preemptions.h"

#include "lineup/engine/symbolizer.h"

namespace lineup {

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

bool PreemptionRecorder::begin_execution() {
  pcs_.clear();
  return inner_.begin_execution();
}

engine::Decision PreemptionRecorder::next_thread(const engine::SchedulingPoint& point) {
  engine::Decision decision = inner_.next_thread(point);
  if (preempts(point, decision)) pcs_.push_back(point.pending[point.previous].pc);
  return decision;
}

std::vector<std::string> PreemptionRecorder::signature() const {
  std::set<std::string> unique;
  for (uintptr_t pc : pcs_) unique.insert(function_of(pc));
  return {unique.begin(), unique.end()};
}

}  // namespace lineup
