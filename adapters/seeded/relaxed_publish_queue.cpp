// Seeded bug (weak memory, found only with --memory-model c11): Michael and Scott's two-lock
// queue whose enqueuer links the new node with a relaxed store instead of a release store.
//
// Enqueuers and dequeuers hold different locks, so the link tail->next is the only thing
// that carries the node's contents from the thread that pushes to the thread that pops. With
// a relaxed store the dequeuer's acquire load of head->next may read the new node and still
// see the node's value as it was before push stored it (0, the constructor's), as on ARM or
// POWER, where the two stores may become visible in either order; on x86 (TSO) and in every
// sequentially consistent execution the value is always there, so an SC-mode hunt finds
// nothing. Shortest case: T0: push(1) | T1: pop(), no preemption at all: T1 runs after T0 and
// its load of the node's value reads the constructor's 0, one store older than the latest
// (one stale read); pop returns 0, which nobody pushed.
#include <atomic>
#include <mutex>

#include "specs/structure.h"

namespace {

class RelaxedPublishQueue {
 public:
  RelaxedPublishQueue() : head_(new Node), tail_(head_) {}
  ~RelaxedPublishQueue() {
    while (head_ != nullptr) {
      Node* next = head_->next.load(std::memory_order_relaxed);
      delete head_;
      head_ = next;
    }
  }
  RelaxedPublishQueue(const RelaxedPublishQueue&) = delete;
  RelaxedPublishQueue& operator=(const RelaxedPublishQueue&) = delete;

  void push(int v) {
    Node* n = new Node;
    n->value.store(v, std::memory_order_relaxed);
    std::lock_guard<std::mutex> lock(tail_lock_);
    tail_->next.store(n, std::memory_order_relaxed);  // the bug: must be release
    tail_ = n;
  }
  int pop() {
    std::lock_guard<std::mutex> lock(head_lock_);
    Node* first = head_->next.load(std::memory_order_acquire);
    if (first == nullptr) return lineup::specs::kEmpty;
    int v = first->value.load(std::memory_order_relaxed);
    Node* old = head_;
    head_ = first;  // first becomes the dummy node
    delete old;
    return v;
  }

 private:
  struct Node {
    std::atomic<int> value{0};
    std::atomic<Node*> next{nullptr};
  };
  Node* head_;  // the dummy node, guarded by head_lock_
  Node* tail_;  // the last node, guarded by tail_lock_
  std::mutex head_lock_, tail_lock_;
};

using Q = RelaxedPublishQueue;
// Not under seeded/: every structure there is found by an SC-mode hunt (tests/adapters/seeded),
// and this one must not be.
LINEUP_REGISTER(lineup::specs::Structure<Q>("seeded-c11/relaxed-publish-queue",
                                            lineup::specs::queue_model())
                    .describe("two-lock queue linking nodes with a relaxed store (--memory-model "
                              "c11 only)")
                    .origin("seeded")
                    .operation("push",
                               [](Q& q, int v) {
                                 q.push(v);
                                 return 1;
                               })
                    .operation("pop", [](Q& q, int) { return q.pop(); }));

}  // namespace
