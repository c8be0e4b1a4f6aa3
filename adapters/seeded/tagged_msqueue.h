// A Michael & Scott queue with tagged pointers and nodes recycled through a free list, with
// two deliberate mistakes that can be switched on; the seeded structures built on it say
// which and why it breaks.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <vector>

#include "specs/model.h"

namespace lineup::seeded {

struct TaggedQueueFlaws {
  /// A recycled node's next restarts at (null, tag 0) instead of counting on.
  bool reset_tag = false;
  /// dequeue reads the value after its compare-exchange on head, when the node holding it
  /// may already have been dequeued by another thread and recycled by an enqueue.
  bool read_value_late = false;
};

template <TaggedQueueFlaws kFlaws>
class TaggedMsQueue {
 public:
  TaggedMsQueue() {
    free_.reserve(kFreeListCapacity);
    Node* dummy = new Node;
    head_.store(pack(dummy, 0));
    tail_.store(pack(dummy, 0));
  }
  ~TaggedMsQueue() {
    for (Node* n = ptr(head_.load()); n != nullptr;) {
      Node* next = ptr(n->next.load());
      delete n;
      n = next;
    }
    for (Node* n : free_) delete n;
  }
  void push(int v) {
    Node* n = allocate();
    n->value.store(v);
    n->next.store(pack(nullptr, kFlaws.reset_tag ? 0 : tag(n->next.load()) + 1));
    for (;;) {
      uint64_t t = tail_.load();
      uint64_t next = ptr(t)->next.load();
      if (t != tail_.load()) continue;
      if (ptr(next) == nullptr) {
        if (ptr(t)->next.compare_exchange_strong(next, pack(n, tag(next) + 1))) {
          tail_.compare_exchange_strong(t, pack(n, tag(t) + 1));
          return;
        }
      } else {
        tail_.compare_exchange_strong(t, pack(ptr(next), tag(t) + 1));
      }
    }
  }
  int pop() {
    for (;;) {
      uint64_t h = head_.load();
      uint64_t t = tail_.load();
      uint64_t next = ptr(h)->next.load();
      if (h != head_.load()) continue;
      if (ptr(h) == ptr(t)) {
        if (ptr(next) == nullptr) return specs::kEmpty;
        tail_.compare_exchange_strong(t, pack(ptr(next), tag(t) + 1));
        continue;
      }
      int v = kFlaws.read_value_late ? 0 : ptr(next)->value.load();
      if (head_.compare_exchange_strong(h, pack(ptr(next), tag(h) + 1))) {
        if (kFlaws.read_value_late) v = ptr(next)->value.load();
        release(ptr(h));
        return v;
      }
    }
  }

 private:
  struct Node {
    std::atomic<int> value{0};
    std::atomic<uint64_t> next{0};
  };
  // A pointer in the low 48 bits, a modification counter in the high 16.
  static uint64_t pack(Node* p, uint64_t tag) {
    return reinterpret_cast<uint64_t>(p) | (tag << 48);
  }
  static Node* ptr(uint64_t v) { return reinterpret_cast<Node*>(v & ((uint64_t{1} << 48) - 1)); }
  static uint64_t tag(uint64_t v) { return v >> 48; }

  Node* allocate() {
    std::lock_guard<std::mutex> lock(free_mutex_);
    if (free_.empty()) return new Node;
    Node* n = free_.back();
    free_.pop_back();
    return n;
  }
  void release(Node* n) {
    std::lock_guard<std::mutex> lock(free_mutex_);
    free_.push_back(n);
  }

  std::atomic<uint64_t> head_, tail_;
  // Room for every node of any program shape, so that releasing a node never reallocates the
  // list: a reallocation's copy (a memmove, a step like any access) would add steps of no
  // interest under free_mutex_.
  static constexpr size_t kFreeListCapacity = 128;
  std::mutex free_mutex_;
  std::vector<Node*> free_;
};

}  // namespace lineup::seeded
