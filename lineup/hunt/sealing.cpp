#include "lineup/hunt/sealing.h"

#include <algorithm>

#include "engine/diagnostics/symbolizer.h"

namespace lineup::hunt {

bool SealingStrategy::sealed(uintptr_t pc) {
  auto [it, fresh] = cache_.try_emplace(pc, false);
  if (fresh) {
    for (const engine::SourceFrame& f : engine::symbolizer().frames(pc)) {
      std::string name = engine::short_function_name(f.function);
      if (std::find(sealed_.begin(), sealed_.end(), name) != sealed_.end()) it->second = true;
    }
  }
  return it->second;
}

engine::Decision SealingStrategy::next_thread(const engine::SchedulingPoint& point) {
  engine::ThreadId previous = point.previous;
  if (previous >= 0 && point.is_enabled(previous) && point.enabled != (uint64_t{1} << previous) &&
      sealed(point.pending[previous].pc)) {
    engine::SchedulingPoint only = point;
    only.enabled = uint64_t{1} << previous;
    return inner_.next_thread(only);
  }
  return inner_.next_thread(point);
}

}  // namespace lineup::hunt
