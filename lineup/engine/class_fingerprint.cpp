#include "lineup/engine/class_fingerprint.h"

#include "lineup/engine/granule_table.h"

#include <algorithm>

namespace lineup::engine {
void ClassFingerprint::clear() {
  if (filled_.size() * 8 < table_.size()) {
    for (uint32_t i : filled_) table_[i] = Slot{};
  } else {
    std::fill(table_.begin(), table_.end(), Slot{});
  }
  filled_.clear();
}

void ClassFingerprint::grow() { grow_granule_table(table_, filled_); }

void ClassFingerprint::reserve(size_t more) {
  while (2 * (filled_.size() + more) > table_.size()) grow();
}

uint64_t ClassFingerprint::of(const std::vector<Transition>& steps) {
  clear();
  // Room for two granules per step (a pointer-sized access) at once; a wider step makes room
  // for itself and, again, for two per step after it.
  reserve(2 * steps.size());
  size_t left = steps.size();  // steps from this one on
  // Locals, not members: the stores to the table's write counts could otherwise alias them
  // and force a reload at every step.
  uint32_t positions[kMaxThreads] = {};
  uint64_t value = 0;
  // The last granule looked up (+ 1; 0: none) and its slot: consecutive steps often touch
  // the same location (a lock and its unlock, a spin).
  uintptr_t last_key = 0;
  size_t last_slot = 0;
  for (const Transition& t : steps) {
    --left;
    const Access a = Access::of(t);
    const uint32_t position = ++positions[static_cast<size_t>(t.thread)];
    uint64_t versions = 0;
    if (a.reads_everything) {
      for (uint32_t i : filled_) versions += granule_version(table_[i].key - 1, table_[i].writes);
    } else if (!a.none) {
      if (a.last - a.first >= 2) {
        reserve(a.last - a.first + 1 + 2 * left);
        last_key = 0;  // the table may have grown
      }
      Slot* const table = table_.data();
      const size_t mask = table_.size() - 1;
      for (uintptr_t g = a.first; g <= a.last; ++g) {
        size_t i = last_slot;
        if (g + 1 != last_key) {
          i = granule_probe_start(g + 1, mask);
          while (table[i].key != 0 && table[i].key != g + 1) i = (i + 1) & mask;
          if (table[i].key == 0) {
            table[i].key = g + 1;
            filled_.push_back(static_cast<uint32_t>(i));
          }
          last_key = g + 1;
          last_slot = i;
        }
        versions += granule_version(g, table[i].writes);
        if (a.writes) ++table[i].writes;
      }
    }
    value += step_term(t.thread, position, a, versions);
  }
  return value;
}

}  // namespace lineup::engine
