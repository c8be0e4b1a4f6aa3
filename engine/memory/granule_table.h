// What HappensBefore's and ClassFingerprint's tables of granules share: open addressing on
// key = granule + 1 (0 marks an empty slot), linear probing, and the indices of the slots in
// use listed in `filled`, so that emptying a table touches only those.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace lineup::engine {

/// The first slot to probe for `key` in a table of mask + 1 slots.
inline size_t granule_probe_start(uintptr_t key, size_t mask) {
  return static_cast<size_t>((key * 0x9e3779b97f4a7c15ULL) >> 20) & mask;
}

/// Doubles `table` (slots with a `key` member, 0 when empty), moving every slot in use and
/// listing their new indices in `filled`.
template <class Slot>
void grow_granule_table(std::vector<Slot>& table, std::vector<uint32_t>& filled) {
  std::vector<Slot> old(table.size() * 2);
  old.swap(table);
  const size_t mask = table.size() - 1;
  filled.clear();
  for (const Slot& o : old) {
    if (o.key == 0) continue;
    size_t i = granule_probe_start(o.key, mask);
    while (table[i].key != 0) i = (i + 1) & mask;
    table[i] = o;
    filled.push_back(static_cast<uint32_t>(i));
  }
}

}  // namespace lineup::engine
