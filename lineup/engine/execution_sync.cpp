// block_until and thread-specific data as engine operations: block_until is a transition,
// enabled once its predicate holds.
#include "lineup/engine/execution.h"
#include "lineup/engine/runtime/modes.h"

namespace lineup::engine {

void Execution::block_until(bool (*pred)(void*), void* arg, uintptr_t pc, uintptr_t word) {
  EngineSection engine;
  Transition t = Transition::pending(Kind::kAwait, word, 0, pc);
  t.aux = reinterpret_cast<uintptr_t>(arg);
  threads_[static_cast<size_t>(current_thread())].await_pred = pred;
  step(t);
}

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
