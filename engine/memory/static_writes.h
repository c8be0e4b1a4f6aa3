// Undo log of controlled writes to static storage. Globals of instrumented code (a
// reclaimer's global thread list, a counter, a function-local static's guard) would otherwise
// carry one execution's values, often pointers into its freed heap, into the next; with the
// log undone before every execution (and when the engine goes), each starts from the memory
// the first one saw, while what an execution left there stays readable until the next one.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "engine/threads/static_storage.h"

namespace lineup::engine {

class StaticWrites {
 public:
  /// The writable data of instrumented modules. Also mid-execution, after a library was
  /// loaded or unloaded: the log keeps the entries that lie in a range present before and
  /// after (an unloaded module's data is gone, and another module may be mapped there).
  void set_ranges(std::vector<DataRange> ranges);
  /// Off: covers() is always false, nothing is logged.
  void enable(bool on) { enabled_ = on; }
  /// Whether [addr, ...) is static data whose writes are undone.
  bool covers(uintptr_t addr) const {
    // Writes to the heap and the stacks, nearly all of them, lie outside every range.
    if (!enabled_ || addr - low_ >= high_ - low_) return false;
    for (const DataRange& r : ranges_) {
      if (addr - r.start < r.end - r.start) return true;
    }
    return false;
  }
  /// Records the current contents of [addr, addr + size), about to be overwritten.
  void note(uintptr_t addr, size_t size);
  /// Restores every recorded location to its contents before the first write, and empties
  /// the log.
  void undo();

 private:
  struct Entry {
    uintptr_t addr;
    size_t size;
    size_t saved;  // offset in bytes_
  };
  bool enabled_ = true;
  std::vector<DataRange> ranges_;
  uintptr_t low_ = 0, high_ = 0;  // the lowest start and highest end of ranges_
  std::vector<Entry> entries_;
  std::vector<uint8_t> bytes_;
};

}  // namespace lineup::engine
