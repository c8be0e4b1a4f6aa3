// A Michael & Scott queue shaped like libcds 1.x's intrusive MSQueue: the dummy node the
// queue starts with is a member of the queue object, and dequeue hands back the old head
// node to be disposed of. Ordinary nodes are never freed, reused or cleared before the queue
// is destroyed, which stands for the hazard-pointer retirement libcds relies on (a node some
// thread still protects is neither freed nor cleared). One deliberate mistake can be switched
// on; seeded/msqueue-dummy-clear says why it breaks.
#pragma once

#include <atomic>

#include "specs/model.h"

namespace lineup::seeded {

template <bool kClearDummy>
class DummyMsQueue {
 public:
  DummyMsQueue() {
    head_.store(&dummy_);
    tail_.store(&dummy_);
  }
  ~DummyMsQueue() {
    // Every node ever linked after the dummy is still reachable from the node the dummy's
    // dequeue moved head to (links are never cleared), or from the dummy if it is still head.
    Node* first = first_.load();
    delete_chain(first != nullptr ? first : dummy_.next.load());
    // With the flaw, a node a stale enqueue linked behind the dequeued dummy hangs there.
    if (first != nullptr && dummy_.next.load() != first) delete_chain(dummy_.next.load());
  }
  DummyMsQueue(const DummyMsQueue&) = delete;
  DummyMsQueue& operator=(const DummyMsQueue&) = delete;

  void push(int v) {
    Node* n = new Node;
    n->value.store(v);
    for (;;) {
      Node* t = tail_.load();
      Node* next = t->next.load();
      if (next != nullptr) {
        tail_.compare_exchange_strong(t, next);  // tail lags: help it on
        continue;
      }
      Node* expected = nullptr;
      if (t->next.compare_exchange_strong(expected, n)) {
        tail_.compare_exchange_strong(t, n);
        return;
      }
    }
  }
  int pop() {
    for (;;) {
      Node* h = head_.load();
      Node* next = h->next.load();
      if (head_.load() != h) continue;
      if (next == nullptr) return specs::kEmpty;
      Node* t = tail_.load();
      if (h == t) {
        tail_.compare_exchange_strong(t, next);
        continue;
      }
      if (head_.compare_exchange_strong(h, next)) {
        dispose(h, next);
        // next is the new dummy; nodes are never reused, so its value is still the one pushed.
        return next->value.load();
      }
    }
  }

 private:
  struct Node {
    std::atomic<int> value{0};
    std::atomic<Node*> next{nullptr};
  };

  // h has just been dequeued; next is what head moved to.
  void dispose(Node* h, Node* next) {
    if (h != &dummy_) return;  // retired: kept, link untouched, until the queue is destroyed
    first_.store(next);
    // The flaw: the built-in dummy is not retired (it is part of the queue object), and its
    // link is cleared at once, while an enqueue may still hold it as the tail it read.
    if (kClearDummy) dummy_.next.store(nullptr);
  }

  static void delete_chain(Node* n) {
    while (n != nullptr) {
      Node* next = n->next.load();
      delete n;
      n = next;
    }
  }

  Node dummy_;
  std::atomic<Node*> head_{nullptr}, tail_{nullptr};
  std::atomic<Node*> first_{nullptr};
};

}  // namespace lineup::seeded
