// Seeded bug (non-linearizable observer): a mutex-guarded queue whose empty() avoids the lock
// by comparing two counters, enqueued and dequeued, read one after the other.
//
// T0 empty() reads enqueued = 1 while the queue holds one value, and is preempted; T1 pushes
// (enqueued = 2) and pops (dequeued = 1); T0 reads dequeued = 1 and reports true, yet the
// queue was never empty. Shortest case found and shrunk by the hunt:
// T0: push(1) | T1: empty() | T2: push(1) pop(), one preemption. Each counter is atomic; the
// pair is not.
#include <atomic>
#include <deque>
#include <mutex>

#include "specs/structure.h"

namespace {

class CountingEmptyQueue {
 public:
  void push(int v) {
    std::lock_guard<std::mutex> lock(mutex_);
    items_.push_back(v);
    enqueued_.fetch_add(1);
  }
  int pop() {
    std::lock_guard<std::mutex> lock(mutex_);
    if (items_.empty()) return lineup::specs::kEmpty;
    int v = items_.front();
    items_.pop_front();
    dequeued_.fetch_add(1);
    return v;
  }
  bool empty() const { return enqueued_.load() == dequeued_.load(); }  // the bug

 private:
  std::mutex mutex_;
  std::deque<int> items_;
  std::atomic<int> enqueued_{0}, dequeued_{0};
};

using Q = CountingEmptyQueue;
LINEUP_REGISTER(lineup::specs::Structure<Q>("seeded/counting-empty-queue",
                                            lineup::specs::queue_with_empty_model())
                    .describe("locked queue whose lock-free empty() compares two counters")
                    .origin("seeded")
                    .operation("push",
                               [](Q& q, int v) {
                                 q.push(v);
                                 return 1;
                               })
                    .operation("pop", [](Q& q, int) { return q.pop(); })
                    .operation("empty", [](Q& q, int) { return q.empty() ? 1 : 0; }));

}  // namespace
