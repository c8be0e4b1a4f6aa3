// Michael and Scott's two-lock queue (PODC 1996) in C++11 atomics, with the memory order of
// the store that links a new node as a parameter: release is correct; relaxed is the seeded
// weak-memory bug of relaxed_publish_queue.cpp. Enqueuers and dequeuers hold different locks,
// so that store and the dequeuer's acquire load of the link are all that carries a node's
// contents from the thread that pushes to the thread that pops.
#pragma once

#include <atomic>
#include <mutex>

#include "specs/structure.h"

namespace lineup::seeded {

template <std::memory_order kLink>
class TwoLockQueue {
 public:
  TwoLockQueue() : head_(new Node), tail_(head_) {}
  ~TwoLockQueue() {
    while (head_ != nullptr) {
      Node* next = head_->next.load(std::memory_order_relaxed);
      delete head_;
      head_ = next;
    }
  }
  TwoLockQueue(const TwoLockQueue&) = delete;
  TwoLockQueue& operator=(const TwoLockQueue&) = delete;

  void push(int v) {
    Node* n = new Node;
    n->value.store(v, std::memory_order_relaxed);
    std::lock_guard<std::mutex> lock(tail_lock_);
    tail_->next.store(n, kLink);  // the bug when relaxed: must be release
    tail_ = n;
  }
  int pop() {
    std::lock_guard<std::mutex> lock(head_lock_);
    Node* first = head_->next.load(std::memory_order_acquire);
    if (first == nullptr) return specs::kEmpty;
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

}  // namespace lineup::seeded
