// Spin detection. A thread that has twice run the same sequence of steps, each an (instruction,
// location, value) read of shared memory or write to its own stack, and is about to start
// that sequence a third time with every shared location still holding the value it saw, is
// repeating a loop iteration that cannot end until another thread writes one of those
// locations. Such a thread is treated as blocked, so that schedules without preemption
// terminate, and is woken by a write to its watched locations.
// Requiring two identical iterations, compared step by step, keeps loops that make progress
// through reads (walking an array, a list) or through their locals (a retry counter, whose
// writes differ from round to round) from looking like spins; a loop that rewrites its
// locals with the same values every round (restarting a search from the head) still does.
#pragma once

#include <cstdint>
#include <cstring>

namespace lineup::engine {

class SpinWindow {
 public:
  /// Forgets the steps (after the thread's own write to shared memory, at call boundaries, or
  /// on wake-up).
  void clear() {
    count_ = 0;
    watch_from_ = -1;
  }
  /// Records an executed read of `size` (<= 8) bytes at `addr` that saw `value`.
  void add_read(uintptr_t pc, uintptr_t addr, uint32_t size, uint64_t value) {
    push({pc, addr, value, size, false});
  }
  /// Records an executed write of `value` to the thread's own stack.
  void add_stack_write(uintptr_t pc, uintptr_t addr, uint32_t size, uint64_t value) {
    push({pc, addr, value, size, true});
  }
  /// Whether a pending read at (pc, addr) would start a third identical iteration; if so,
  /// remembers the steps of the last iteration as the watch set and returns true.
  bool repeats(uintptr_t pc, uintptr_t addr) {
    for (int k = count_ - 1; k >= 0; --k) {
      const Entry& e = at(k);
      if (e.pc != pc || e.addr != addr || e.stack_write) continue;
      int len = count_ - k;
      if (k < len) return false;
      for (int j = k; j < count_; ++j) {
        const Entry& now = at(j);
        const Entry& before = at(j - len);
        if (now.pc != before.pc || now.addr != before.addr || now.value != before.value) {
          return false;
        }
        if (!now.stack_write && load(now.addr, now.size) != now.value) return false;
      }
      watch_from_ = k;
      return true;
    }
    return false;
  }
  /// Whether a write to [addr, addr+size) touches a watched location.
  bool watches(uintptr_t addr, uint32_t size) const {
    for (int j = watch_from_ < 0 ? count_ : watch_from_; j < count_; ++j) {
      const Entry& e = at(j);
      if (!e.stack_write && addr < e.addr + e.size && e.addr < addr + size) return true;
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
    bool stack_write;
  };
  // Iterations of up to kCapacity / 2 steps are recognised (a hazard-pointer search that
  // restarts from the head takes about 40, its locals included).
  static constexpr int kCapacity = 128;

  // Entry i of the window, 0 the oldest; a ring, so adding never moves entries.
  const Entry& at(int i) const { return entries_[(first_ + i) % kCapacity]; }
  void push(const Entry& e) {
    if (count_ == kCapacity) {
      first_ = (first_ + 1) % kCapacity;
      --count_;
      if (watch_from_ > 0) --watch_from_;
    }
    entries_[(first_ + count_) % kCapacity] = e;
    ++count_;
  }

  Entry entries_[kCapacity];
  int first_ = 0;
  int count_ = 0;
  int watch_from_ = -1;
};

}  // namespace lineup::engine
