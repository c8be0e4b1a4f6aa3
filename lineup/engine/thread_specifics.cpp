#include "lineup/engine/thread_specifics.h"

#include "lineup/engine/runtime/modes.h"

namespace lineup::engine {

void ThreadSpecifics::clear() {
  for (auto& table : tables_) table.clear();
}

void* ThreadSpecifics::get(unsigned key) const {
  for (const auto& [k, v] : tables_[fibers_.current()]) {
    if (k == key) return reinterpret_cast<void*>(v);
  }
  return nullptr;
}

void ThreadSpecifics::set(unsigned key, uintptr_t value) {
  EngineSection engine;  // allocate from the process heap
  auto& table = tables_[fibers_.current()];
  for (auto& [k, v] : table) {
    if (k == key) {
      v = value;
      return;
    }
  }
  table.emplace_back(key, value);
}

}  // namespace lineup::engine
