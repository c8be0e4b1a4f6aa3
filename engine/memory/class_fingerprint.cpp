#include "engine/memory/class_fingerprint.h"

#include "engine/memory/granule_table.h"

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

ClassFingerprint::Slot& ClassFingerprint::slot(uintptr_t key) {
  const size_t mask = table_.size() - 1;
  size_t i = granule_probe_start(key, mask);
  while (table_[i].key != 0 && table_[i].key != key) i = (i + 1) & mask;
  if (table_[i].key == 0) {
    table_[i].key = key;
    filled_.push_back(static_cast<uint32_t>(i));
  }
  return table_[i];
}

uint64_t ClassFingerprint::versions_of(const Transition& t, size_t left) {
  const Access a = Access::of(t);
  uint64_t versions = 0;
  if (a.reads_everything) {
    for (uint32_t i : filled_) versions += granule_version(table_[i].key - 1, table_[i].writes);
    return versions;
  }
  // Room for this step's granules and, again, for two per step after it.
  reserve(a.last - a.first + 1 + 2 * left);
  for (uintptr_t g = a.first; g <= a.last; ++g) {
    Slot& s = slot(g + 1);
    versions += granule_version(g, s.writes);
    if (a.writes) ++s.writes;
  }
  return versions;
}

uint64_t ClassFingerprint::of(const std::vector<Transition>& steps) {
  clear();
  // Room for two granules per step (a pointer-sized access) at once; a wider step makes room
  // for itself and, again, for two per step after it.
  reserve(2 * steps.size());
  // Locals, not members: the stores to the table's write counts could otherwise alias them
  // and force a reload at every step.
  uint32_t positions[kMaxThreads] = {};
  uint64_t value = 0;
  // The slot of the last granule looked up (key 0: none): consecutive steps often touch the
  // same location (a lock and its unlock, a spin). The table does not move while only
  // one-granule steps are added (reserve() above made room for them).
  uintptr_t last_key = 0;
  Slot* last = nullptr;
  const Transition* const begin = steps.data();
  const Transition* const end = begin + steps.size();
  for (const Transition* t = begin; t != end; ++t) {
    const Access a = Access::of(*t);
    const uint32_t position = ++positions[static_cast<size_t>(t->thread)];
    uint64_t versions = 0;
    if (a.first == a.last && !a.reads_everything && !a.none) {
      // The common case, kept free of calls: one granule.
      const uintptr_t key = a.first + 1;
      if (key != last_key) {
        last = &slot(key);
        last_key = key;
      }
      versions = granule_version(a.first, last->writes);
      last->writes += a.writes ? 1 : 0;
    } else if (!a.none) {
      versions = versions_of(*t, static_cast<size_t>(end - t) - 1);
      last_key = 0;  // the table may have grown
    }
    value += step_term(t->thread, position, a, versions);
  }
  return value;
}

}  // namespace lineup::engine
