// Thread-specific data (pthread keys) of controlled code.
#include "lineup/engine/execution.h"
#include "lineup/engine/runtime/modes.h"

namespace lineup::engine {

void* Execution::thread_specific(unsigned key) const {
  for (const auto& [k, v] : specifics_[static_cast<size_t>(current_thread() + 1)]) {
    if (k == key) return reinterpret_cast<void*>(v);
  }
  return nullptr;
}

void Execution::set_thread_specific(unsigned key, uintptr_t value) {
  EngineSection engine;  // the table lives on the process heap, not the execution's
  auto& table = specifics_[static_cast<size_t>(current_thread() + 1)];
  for (auto& [k, v] : table) {
    if (k == key) {
      v = value;
      return;
    }
  }
  table.emplace_back(key, value);
}

}  // namespace lineup::engine
