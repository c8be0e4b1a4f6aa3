// Spin detection. A thread that has twice run the same sequence of steps, each an (instruction,
// location, value) read of shared memory, write to shared memory or write to its own stack,
// and is about to start that sequence a third time with shared memory back in the state the
// sequence started from, is repeating a loop iteration that cannot end until another thread
// changes one of those locations. Such a thread is treated as blocked, so that schedules
// without preemption terminate, for as long as the locations hold the values it waits on.
// "Back in the state": every location the iteration read before writing it still holds the
// value read, and every location it wrote holds the value it had before the iteration's first
// write to it (a wait that claims a flag and releases it again, every round, writes shared
// memory and still makes no progress).
// Being blocked depends on the values, not on writes: two threads that each claim and
// release the same flag while waiting for a third would otherwise wake each other forever.
// Requiring two identical iterations, compared step by step, keeps loops that make progress
// through reads (walking an array, a list) or through their locals (a retry counter, whose
// writes differ from round to round) from looking like spins; a loop that rewrites its
// locals with the same values every round (restarting a search from the head) still does.
#pragma once

#include <cstdint>
#include <cstring>
#include <vector>

namespace lineup::engine {

class SpinWindow {
 public:
  /// Forgets the steps (at call boundaries, on wake-up, or after a step the window cannot
  /// describe).
  void clear() {
    count_ = 0;
    value_pending_ = false;
    watch_.clear();
  }
  /// Records an executed read of `size` (<= 8) bytes at `addr` that saw `value`.
  void add_read(uintptr_t pc, uintptr_t addr, uint32_t size, uint64_t value) {
    settle();
    push({pc, addr, value, 0, size, Access::kRead, 0, false});
  }
  /// Records an executed write of `value` to the thread's own stack.
  void add_stack_write(uintptr_t pc, uintptr_t addr, uint32_t size, uint64_t value) {
    settle();
    push({pc, addr, value, 0, size, Access::kStackWrite, 0, false});
  }
  /// Records a write of `size` (<= 8) bytes to shared memory that is about to replace `old`;
  /// the value written is read back from memory at the thread's next step (settle()).
  void add_shared_write(uintptr_t pc, uintptr_t addr, uint32_t size, uint64_t old) {
    settle();
    push({pc, addr, 0, old, size, Access::kSharedWrite, 0, false});
    value_pending_ = true;
  }
  /// Completes the last shared write with the value now in memory. Called by the thread
  /// itself before its next step, when no other thread can have run since the write.
  void settle() {
    if (!value_pending_) return;
    Entry& e = entries_[(pushed_ - 1) % kCapacity];
    e.value = load(e.addr, e.size);
    value_pending_ = false;
  }
  /// c11 mode: the newest step, an atomic read (or failing compare-exchange) at (pc, addr),
  /// read a stale value, not the one memory holds (the newest store in modification order).
  /// The window keeps memory's value for it all the same: rounds that read the same stale
  /// value compare equal, and last_round_read_stale() tells them apart from a real spin.
  void mark_stale(uintptr_t pc, uintptr_t addr) {
    if (count_ == 0) return;
    Entry& e = entries_[(pushed_ - 1) % kCapacity];
    if (e.pc == pc && e.addr == addr) e.stale = true;
  }
  /// After repeats() returned true: whether the last iteration read a stale value somewhere.
  /// Such a loop is not stuck: a later round may read the newer store (C++ makes stores
  /// visible to loads in finite time).
  bool last_round_read_stale() const {
    for (int j = last_round_; j < count_; ++j) {
      if (at(j).stale) return true;
    }
    return false;
  }
  /// The locations the last repeats() == true found the iteration waiting on.
  template <class F>
  void for_each_watched(F f) const {
    for (const Watch& w : watch_) f(w.addr);
  }

  /// Whether a pending read at (pc, addr) would start a third identical iteration; if so,
  /// remembers the locations of the last iteration and the values it waits on (changed()).
  bool repeats(uintptr_t pc, uintptr_t addr) {
    settle();
    const int k = last_read(pc, addr);
    if (k < 0) return false;
    int len = count_ - k;
    if (k < len) return false;
    last_round_ = k;
    for (int j = k; j < count_; ++j) {
      const Entry& now = at(j);
      const Entry& before = at(j - len);
      if (now.pc != before.pc || now.addr != before.addr || now.value != before.value ||
          now.old != before.old || now.access != before.access) {
        return false;
      }
    }
    return restored(k);
  }
  /// The window position (0 the oldest) of the newest read at (pc, addr), or -1 if the window
  /// holds none. Reads are chained by a hash of (pc, addr), newest first, so the walk visits
  /// only reads of that bucket instead of the whole window: nearly every step of a
  /// non-spinning thread asks, and most reads have no earlier twin.
  int last_read(uintptr_t pc, uintptr_t addr) const {
    const uint64_t oldest = pushed_ - static_cast<uint64_t>(count_);
    for (uint64_t s = bucket_head_[bucket(pc, addr)]; s > oldest;) {
      const Entry& e = entries_[(s - 1) % kCapacity];
      if (e.pc == pc && e.addr == addr) return static_cast<int>(s - 1 - oldest);
      if (e.back == 0) break;
      s -= e.back;
    }
    return -1;
  }
  /// Whether a location the last repeats() == true waits on no longer holds that value.
  bool changed() const {
    for (const Watch& w : watch_) {
      if (load(w.addr, w.size) != w.value) return true;
    }
    return false;
  }

  /// A hash of the locations changed() looks at and the values it expects.
  uint64_t watch_hash() const {
    uint64_t h = watch_.size();
    for (const Watch& w : watch_) h = mix(mix(mix(h, w.addr), w.size), w.value);
    return h;
  }
  static uint64_t mix(uint64_t h, uint64_t v) {
    h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
    return h * 0xff51afd7ed558ccdULL;
  }

  /// Current value of `size` (<= 8) bytes at `addr`, zero-extended.
  static uint64_t load(uintptr_t addr, uint32_t size) {
    // The common sizes as one load each: a copy of a variable number of bytes into a local
    // and a wider read of it back would stall on store forwarding at every step.
    const void* p = reinterpret_cast<const void*>(addr);
    switch (size) {
      case 1:
        return fixed<uint8_t>(p);
      case 2:
        return fixed<uint16_t>(p);
      case 4:
        return fixed<uint32_t>(p);
      case 8:
        return fixed<uint64_t>(p);
      default: {
        uint64_t v = 0;
        std::memcpy(&v, p, size > 8 ? 8 : size);
        return v;
      }
    }
  }

 private:
  template <class T>
  static uint64_t fixed(const void* p) {
    T v;
    std::memcpy(&v, p, sizeof v);
    return v;
  }

  enum class Access : uint8_t { kRead, kStackWrite, kSharedWrite };
  struct Entry {
    uintptr_t pc;
    uintptr_t addr;
    uint64_t value;  // read or written
    uint64_t old;    // shared write: the value it replaced
    uint32_t size;
    Access access;
    // A read: how many entries back the previous read of its bucket was (0: none in the
    // window, or further back than a full window).
    uint16_t back;
    bool stale;  // c11 mode: the read saw an older value than memory's (mark_stale)
  };
  // Iterations of up to kCapacity / 2 steps are recognised (a hazard-pointer search that
  // restarts from the head takes about 40, its locals included; EllenBinTree's search of a
  // three-level tree about 75).
  static constexpr int kCapacity = 256;
  static constexpr int kBuckets = 256;

  struct Watch {
    uintptr_t addr;
    uint32_t size;
    uint64_t value;  // the value the iteration started from
    bool written;    // scratch for restored(): the iteration has written it so far
  };

  // Whether shared memory is in the state the iteration starting at entry `from` began in;
  // collects the locations and their values as the watch set. A location written earlier in
  // the iteration is judged by that first write's old value, not by later reads (which saw
  // the thread's own write); partially overlapping accesses of different sizes are not
  // compared and count as a change.
  bool restored(int from) {
    watch_.clear();
    for (int j = from; j < count_; ++j) {
      const Entry& e = at(j);
      if (e.access == Access::kStackWrite) continue;
      Watch* seen = nullptr;
      for (Watch& w : watch_) {
        if (w.addr < e.addr + e.size && e.addr < w.addr + w.size) {
          if (w.addr != e.addr || w.size != e.size) return false;
          seen = &w;
          break;
        }
      }
      if (seen == nullptr) {
        Watch w{e.addr, e.size, e.access == Access::kRead ? e.value : e.old, false};
        if (load(w.addr, w.size) != w.value) return false;
        seen = &watch_.emplace_back(w);
      } else if (e.access == Access::kRead && !seen->written && e.value != seen->value) {
        return false;  // another thread wrote it during the iteration
      }
      if (e.access == Access::kSharedWrite) seen->written = true;
    }
    return true;
  }

  // Entry i of the window, 0 the oldest; a ring indexed by the number of entries ever
  // pushed, so adding never moves entries and positions outside the window are recognisable.
  const Entry& at(int i) const {
    return entries_[(pushed_ - static_cast<uint64_t>(count_) + static_cast<uint64_t>(i)) %
                    kCapacity];
  }
  static size_t bucket(uintptr_t pc, uintptr_t addr) {
    return ((pc ^ (addr * 0x9e3779b97f4a7c15ULL)) >> 40) % kBuckets;
  }
  void push(Entry e) {
    if (count_ == kCapacity) --count_;
    if (e.access == Access::kRead) {
      uint64_t& head = bucket_head_[bucket(e.pc, e.addr)];
      const uint64_t back = pushed_ + 1 - head;
      e.back = head != 0 && back <= kCapacity ? static_cast<uint16_t>(back) : 0;
      head = pushed_ + 1;
    }
    entries_[pushed_ % kCapacity] = e;
    ++pushed_;
    ++count_;
  }

  Entry entries_[kCapacity];
  uint64_t pushed_ = 0;  // entries ever pushed; the window is the last count_ of them
  int count_ = 0;
  // Per bucket, 1 + the push number of its newest read (0: none yet); stale values point
  // before the window and are ignored.
  uint64_t bucket_head_[kBuckets] = {};
  bool value_pending_ = false;
  int last_round_ = 0;        // where the iteration repeats() last recognised starts
  std::vector<Watch> watch_;  // kept between uses: spinning allocates nothing
};

}  // namespace lineup::engine
