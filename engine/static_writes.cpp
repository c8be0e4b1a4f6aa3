#include "engine/static_writes.h"

#include <cstring>

namespace lineup::engine {

void StaticWrites::note(uintptr_t addr, size_t size) {
  size_t saved = bytes_.size();
  bytes_.resize(saved + size);
  std::memcpy(bytes_.data() + saved, reinterpret_cast<const void*>(addr), size);
  entries_.push_back({addr, size, saved});
}

void StaticWrites::undo() {
  // Newest first, so that a location written several times ends with its oldest contents.
  for (auto it = entries_.rbegin(); it != entries_.rend(); ++it) {
    std::memcpy(reinterpret_cast<void*>(it->addr), bytes_.data() + it->saved, it->size);
  }
  entries_.clear();
  bytes_.clear();
}

}  // namespace lineup::engine
