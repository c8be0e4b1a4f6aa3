// Spin detection. A thread that has twice read the same sequence of (instruction, location,
// value) without writing anything, and is about to start that sequence a third time with every
// location still holding the value it saw, is repeating a loop iteration that cannot end until
// another thread writes one of those locations. Such a thread is treated as blocked, so that
// schedules without preemption terminate, and is woken by a write to its watched locations.
// Requiring two identical iterations, compared location by location, keeps loops that make
// progress through reads (walking an array, a list) from looking like spins.
#pragma once

#include <cstdint>
#include <cstring>

namespace lineup::engine {

class SpinWindow {
 public:
  /// Forgets the reads (after the thread's own write, at call boundaries, or on wake-up).
  void clear() {
    count_ = 0;
    watch_from_ = -1;
  }
  /// Records an executed read of `size` (<= 8) bytes at `addr` that saw `value`.
  void add_read(uintptr_t pc, uintptr_t addr, uint32_t size, uint64_t value) {
    if (count_ == kCapacity) {
      std::memmove(entries_, entries_ + 1, sizeof(Entry) * (kCapacity - 1));
      --count_;
    }
    entries_[count_++] = {pc, addr, value, size};
  }
  /// Whether a pending read at (pc, addr) would start a third identical iteration; if so,
  /// remembers the reads of the last iteration as the watch set and returns true.
  bool repeats(uintptr_t pc, uintptr_t addr) {
    for (int k = count_ - 1; k >= 0; --k) {
      const Entry& e = entries_[k];
      if (e.pc != pc || e.addr != addr) continue;
      int len = count_ - k;
      if (k < len) return false;
      for (int j = k; j < count_; ++j) {
        const Entry& now = entries_[j];
        const Entry& before = entries_[j - len];
        if (now.pc != before.pc || now.addr != before.addr || now.value != before.value) {
          return false;
        }
        if (load(now.addr, now.size) != now.value) return false;
      }
      watch_from_ = k;
      return true;
    }
    return false;
  }
  /// Whether a write to [addr, addr+size) touches a watched location.
  bool watches(uintptr_t addr, uint32_t size) const {
    for (int j = watch_from_ < 0 ? count_ : watch_from_; j < count_; ++j) {
      const Entry& e = entries_[j];
      if (addr < e.addr + e.size && e.addr < addr + size) return true;
    }
    return false;
  }

  /// Current value of `size` (<= 8) bytes at `addr`, zero-extended.
  static uint64_t load(uintptr_t addr, uint32_t size) {
    uint64_t v = 0;
    std::memcpy(&v, reinterpret_cast<const void*>(addr), size > 8 ? 8 : size);
    return v;
  }

 private:
  struct Entry {
    uintptr_t pc;
    uintptr_t addr;
    uint64_t value;
    uint32_t size;
  };
  static constexpr int kCapacity = 32;
  Entry entries_[kCapacity];
  int count_ = 0;
  int watch_from_ = -1;
};

}  // namespace lineup::engine
