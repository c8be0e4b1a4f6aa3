// Seeded bug: an array stack behind a test_and_set spin lock whose push releases the lock
// before its last write.
//
// push(v) takes the lock, claims slot `size` by incrementing it, releases the lock, and only
// then writes the value into the slot. A pop that takes the lock in between pops the claimed
// slot and returns what it holds before the write (0). Shortest schedule: T0 push(1)
// preempted right after its unlock; T1 pop() returns 0, which no order of push(1), pop()
// explains. One preemption, two threads. Waiting for the lock is a spin on a read-modify-write
// (test_and_set of a flag already set), which spin detection must recognise for schedules that
// preempt inside a critical section to end.
#include <atomic>

#include "specs/structure.h"

namespace {

class EarlyUnlockStack {
 public:
  int push(int v) {
    lock();
    if (size_ == kCapacity) {
      unlock();
      return 0;
    }
    const int slot = size_++;
    unlock();          // released here...
    items_[slot] = v;  // ...before the value is written
    return 1;
  }
  int pop() {
    lock();
    if (size_ == 0) {
      unlock();
      return lineup::specs::kEmpty;
    }
    const int v = items_[--size_];
    unlock();
    return v;
  }

 private:
  void lock() {
    while (flag_.test_and_set(std::memory_order_acquire)) {
    }
  }
  void unlock() { flag_.clear(std::memory_order_release); }

  static constexpr int kCapacity = 16;
  std::atomic_flag flag_ = ATOMIC_FLAG_INIT;
  int size_ = 0;
  int items_[kCapacity] = {};
};

using Stack = EarlyUnlockStack;

LINEUP_REGISTER(lineup::specs::Structure<Stack>("seeded/spinlock-stack-early-unlock",
                                                lineup::specs::stack_model())
                    .describe("array stack behind a test_and_set lock, unlocked before the push's "
                              "last write")
                    .origin("seeded")
                    .operation("push", [](Stack& s, int v) { return s.push(v); })
                    .operation("pop", [](Stack& s, int) { return s.pop(); }));

}  // namespace
