#include "engine/memory/static_writes.h"

#include <cstring>
#include <utility>
#include <vector>

namespace lineup::engine {

void StaticWrites::set_ranges(std::vector<DataRange> ranges) {
  auto kept = [&](uintptr_t addr) {
    for (const DataRange& r : ranges) {
      if (addr - r.start >= r.end - r.start) continue;
      for (const DataRange& old : ranges_) {
        if (old.start == r.start && old.end == r.end) return true;
      }
      return false;
    }
    return false;
  };
  std::erase_if(entries_, [&](const Entry& e) { return !kept(e.addr); });
  ranges_ = std::move(ranges);
  low_ = UINTPTR_MAX;
  high_ = 0;
  for (const DataRange& r : ranges_) {
    if (r.start < low_) low_ = r.start;
    if (r.end > high_) high_ = r.end;
  }
}

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
