// Names of heap blocks in traces and messages. The heap hands a freed block's place to the
// next block of its size class (heap.h), so a name per place would make the old and the new
// object read as one where a use-after-free matters most. A place is named by its first
// block's allocation number ("heap#5", as when it is never reused); each later block there
// adds its rank at that place ("heap#5.2" is the second). Allocation order follows from the
// schedule, so a replay gives every block the same name.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/memory/heap.h"

namespace lineup::engine {

class BlockNames {
 public:
  /// Forgets every reuse: a new execution's heap starts empty.
  void clear() { reuses_.clear(); }
  /// The block at `start` was just allocated where block `replaced` (an allocation number)
  /// was freed, after the trace's first `step` steps.
  void note_reuse(uintptr_t start, uint32_t replaced, size_t step) {
    reuses_.push_back({start, replaced, step});
  }
  /// The name ("#5", "#5.2") of the block at `b`'s place that trace step `step` sees: the
  /// latest allocated there before that step.
  std::string name(const BlockInfo& b, size_t step) const;
  /// The name of the block `b` (the latest at its place).
  std::string name(const BlockInfo& b) const { return name(b, SIZE_MAX); }

 private:
  struct Reuse {
    uintptr_t start;
    uint32_t replaced;
    size_t step;
  };
  std::vector<Reuse> reuses_;  // in allocation order
};

}  // namespace lineup::engine
