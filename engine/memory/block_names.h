// Names of heap blocks in traces and messages. The heap hands a freed block's place to the
// next block of its size class (heap.h), so a name per place would make the old and the new
// object read as one where a use-after-free matters most. A place is named by its first
// block's allocation number ("heap#5", as when it is never reused); each later block there
// adds its rank at that place ("heap#5.2" is the second). Allocation order follows from the
// schedule, so a replay gives every block the same name. Each block's allocation site (the
// return address of the malloc or operator new that made it) is kept too, so that a report
// can say where a block came from ("heap#5@queue.h:55").
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
  void clear() {
    reuses_.clear();
    allocations_.clear();
  }
  /// Where a block was allocated, and its requested size.
  struct Allocation {
    uintptr_t site = 0;  // the return address of the allocating call; 0 when not known
    size_t size = 0;
  };
  /// Block number `ordinal`, of `size` bytes, was allocated by the call returning to `site`.
  void note_allocation(uint32_t ordinal, uintptr_t site, size_t size) {
    if (allocations_.size() <= ordinal) allocations_.resize(ordinal + 1);
    allocations_[ordinal] = {site, size};
  }
  /// The block at `start` was just allocated where block `replaced` (an allocation number)
  /// was freed, after the trace's first `step` steps.
  void note_reuse(uintptr_t start, uint32_t replaced, uint32_t ordinal, size_t step) {
    reuses_.push_back({start, replaced, ordinal, step});
  }
  /// The name ("#5", "#5.2") of the block at `b`'s place that trace step `step` sees: the
  /// latest allocated there before that step.
  std::string name(const BlockInfo& b, size_t step) const;
  /// The name of the block `b` (the latest at its place).
  std::string name(const BlockInfo& b) const { return name(b, SIZE_MAX); }
  /// The allocation of the block at `b`'s place that trace step `step` sees; site 0 when not
  /// known (allocated outside an execution's controlled code).
  Allocation allocation(const BlockInfo& b, size_t step = SIZE_MAX) const;
  /// Its allocation site (a return address).
  uintptr_t site(const BlockInfo& b, size_t step = SIZE_MAX) const {
    return allocation(b, step).site;
  }

 private:
  // The blocks at `b`'s place as trace step `step` sees them.
  struct AtPlace {
    uint32_t first;    // the place's first block's allocation number
    uint32_t rank;     // 1 for the first block there, 2 for the next, ...
    uint32_t ordinal;  // allocation number of the latest block there by `step`
  };
  AtPlace at_place(const BlockInfo& b, size_t step) const;
  struct Reuse {
    uintptr_t start;
    uint32_t replaced;
    uint32_t ordinal;  // of the block allocated there
    size_t step;
  };
  std::vector<Reuse> reuses_;            // in allocation order
  std::vector<Allocation> allocations_;  // by allocation number
};

}  // namespace lineup::engine
