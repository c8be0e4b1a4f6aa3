// Seeded bug (a single-consumer design used by two consumers): a ring buffer whose pop reads
// head, the slot, and then stores head + 1, which is correct for Lamport's single-producer
// single-consumer queue but not once two threads pop.
//
// The declaration gives thread 0 the producer role and threads 1 and 2 the consumer role, so
// the bug needs three threads: T0 pushes 1; consumers T1 and T2 both read head = 0 and slot 0
// before either stores head = 1; both return 1. One preemption (T1 between its load of the
// slot and its store of head), three threads; with two threads there is one consumer and the
// queue is correct.
#include <atomic>

#include "specs/structure.h"

namespace {

class SpscRing {
 public:
  int push(int v) {
    int t = tail_.load();
    if (t - head_.load() == kCapacity) return 0;
    slots_[t % kCapacity].store(v);
    tail_.store(t + 1);
    return 1;
  }
  int pop() {
    int h = head_.load();
    if (h == tail_.load()) return lineup::specs::kEmpty;
    int v = slots_[h % kCapacity].load();
    head_.store(h + 1);  // the bug with two consumers: not a compare-exchange
    return v;
  }

 private:
  static constexpr int kCapacity = 16;  // more than a program pushes: push never fails
  std::atomic<int> slots_[kCapacity] = {};
  std::atomic<int> head_{0}, tail_{0};
};

LINEUP_REGISTER(lineup::specs::Structure<SpscRing>("seeded/spsc-ring-two-consumers",
                                                   lineup::specs::queue_model())
                    .describe("single-consumer ring buffer popped by two consumer threads")
                    .origin("seeded")
                    .roles({{"push"}, {"pop"}, {"pop"}})
                    .operation("push", [](SpscRing& q, int v) { return q.push(v); })
                    .operation("pop", [](SpscRing& q, int) { return q.pop(); }));

}  // namespace
