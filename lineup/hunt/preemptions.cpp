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

engine::ThreadId PreemptionRecorder::next_thread(const engine::SchedulingPoint& point) {
  engine::ThreadId chosen = inner_.next_thread(point);
  engine::ThreadId previous = point.previous;
  if (chosen >= 0 && previous >= 0 && chosen != previous && point.is_enabled(previous)) {
    pcs_.push_back(point.pending[previous].pc);
  }
  return chosen;
}

std::vector<std::string> PreemptionRecorder::signature() const {
  std::set<std::string> unique;
  for (uintptr_t pc : pcs_) unique.insert(function_of(pc));
  return {unique.begin(), unique.end()};
}

}  // namespace lineup
