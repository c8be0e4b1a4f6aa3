// The Herlihy & Wing queue (TOPLAS 1990, the queue the paper proves linearizable): an array
// and the index of its next free slot. Enqueue reserves a slot by fetch-and-increment and then
// stores its item there; dequeue reads the index and swaps null into every slot below it in
// order, returning the first item it takes, and starts over while it takes none. Dequeue
// blocks on an empty queue: a program must push at least as many items as it pops, or a pop
// spins for ever, which lineup reports as a deadlock (the spin detection of
// engine/waiting/spin_window.h blocks it).
//
// Declared for `lineup verify` and bench/genmc_compare.sh, beside GenMC's client of its own
// version (tests/correct/data-structures/hw-queue). That one loads each slot before swapping
// it and swaps only a non-null one, and assumes the scan found an item (a dequeue that finds
// none is a blocked execution, not a new round). This is the paper's: every slot swapped,
// rounds repeated.
#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "specs/structure.h"

namespace lineup::verify {
namespace {

class HwQueue {
 public:
  // One step clears the array: the slots a dequeue may swap before their enqueue stores.
  HwQueue() : back_(0) { std::memset(items_, 0, sizeof(items_)); }

  void push(int v) {
    const uint32_t i = back_.fetch_add(1);  // INC(q.back)
    if (i >= kCapacity) {
      std::fprintf(stderr, "verify/hw-queue: more than %u pushes\n", kCapacity);
      std::abort();
    }
    slot(i).store(kFull | static_cast<uint32_t>(v));  // STORE(q.items[i], x)
  }

  int pop() {
    for (;;) {
      const uint32_t range = back_.load();  // READ(q.back) - 1, slots counted from 0
      for (uint32_t i = 0; i < range; ++i) {
        const uint64_t x = slot(i).exchange(0);  // SWAP(q.items[i], null)
        if (x != 0) return static_cast<int>(static_cast<uint32_t>(x));
      }
    }
  }

 private:
  static constexpr uint32_t kCapacity = 128;
  // Set in a slot that holds an item, so that every int, 0 too, can be one.
  static constexpr uint64_t kFull = uint64_t{1} << 32;

  std::atomic_ref<uint64_t> slot(uint32_t i) { return std::atomic_ref<uint64_t>(items_[i]); }

  std::atomic<uint32_t> back_;
  alignas(8) uint64_t items_[kCapacity];
};

LINEUP_REGISTER(specs::push_pop<HwQueue>("verify/hw-queue", specs::queue_model())
                    .describe("Herlihy & Wing's array queue (1990), pop blocking while empty; "
                              "for `lineup verify` beside GenMC")
                    .origin("verify"));

}  // namespace
}  // namespace lineup::verify
