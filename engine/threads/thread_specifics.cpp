#include "engine/threads/thread_specifics.h"

#include "engine/modes.h"

namespace lineup::engine {

void ThreadSpecifics::clear() {
  for (int word = 0; word < 2; ++word) {
    for (uint64_t m = used_[word]; m != 0; m &= m - 1)
      tables_[64 * word + __builtin_ctzll(m)].clear();
    used_[word] = 0;
  }
}

void* ThreadSpecifics::get(unsigned key) const {
  for (const auto& [k, v] : tables_[fibers_.current()]) {
    if (k == key) return reinterpret_cast<void*>(v);
  }
  return nullptr;
}

void ThreadSpecifics::set(unsigned key, uintptr_t value) {
  EngineSection engine;  // allocate from the process heap
  const int context = fibers_.current();
  used_[context / 64] |= uint64_t{1} << (context % 64);
  auto& table = tables_[context];
  for (auto& [k, v] : table) {
    if (k == key) {
      v = value;
      return;
    }
  }
  table.emplace_back(key, value);
}

}  // namespace lineup::engine
