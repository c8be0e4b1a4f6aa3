// A Treiber stack recycling its nodes through a free list, with a modification tag on top
// against ABA that every successful compare-exchange on top (push or pop) counts up. The tag
// is kept either in the three low bits of the node pointer that the nodes' 8-byte alignment
// leaves free, where it wraps after 8 changes (seeded/treiber-tag-wrap says why that breaks),
// or in the 16 bits above a 48-bit address.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <vector>

#include "specs/model.h"

namespace lineup::seeded {

template <bool kTagInAlignmentBits>
class TaggedStack {
 public:
  TaggedStack() { free_.reserve(kFreeListCapacity); }
  ~TaggedStack() {
    for (Node* n = ptr(top_.load()); n != nullptr;) {
      Node* next = ptr(n->next.load());
      delete n;
      n = next;
    }
    for (Node* n : free_) delete n;
  }
  void push(int v) {
    Node* n = allocate();
    n->value.store(v);
    uintptr_t t = top_.load();
    do {
      n->next.store(t);
    } while (!top_.compare_exchange_weak(t, pack(n, tag(t) + 1)));
  }
  int pop() {
    for (;;) {
      uintptr_t t = top_.load();
      Node* n = ptr(t);
      if (n == nullptr) return specs::kEmpty;
      uintptr_t next = n->next.load();
      int v = n->value.load();
      // With the tag in the alignment bits, after eight changes the tag is t again and the
      // node maybe another push's.
      if (top_.compare_exchange_weak(t, pack(ptr(next), tag(t) + 1))) {
        release(n);
        return v;
      }
    }
  }

 private:
  struct alignas(8) Node {
    std::atomic<int> value{0};
    std::atomic<uintptr_t> next{0};
  };
  // In the alignment bits: three, counting modulo 8. Otherwise in the 16 bits above a 48-bit
  // address, counting modulo 65,536.
  static constexpr int kShift = kTagInAlignmentBits ? 0 : 48;
  static constexpr uintptr_t kTagMask =
      (kTagInAlignmentBits ? alignof(Node) - 1 : uintptr_t{0xffff}) << kShift;
  static uintptr_t pack(Node* p, uintptr_t tag) {
    return reinterpret_cast<uintptr_t>(p) | ((tag << kShift) & kTagMask);
  }
  static Node* ptr(uintptr_t v) { return reinterpret_cast<Node*>(v & ~kTagMask); }
  static uintptr_t tag(uintptr_t v) { return (v & kTagMask) >> kShift; }

  // Most recently freed first, as allocators tend to do.
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

  std::atomic<uintptr_t> top_{0};
  // Room for every node of any program shape, so that releasing a node never reallocates the
  // list: a reallocation's copy (a memmove, a step like any access) would add steps of no
  // interest under free_mutex_.
  static constexpr size_t kFreeListCapacity = 128;
  std::mutex free_mutex_;
  std::vector<Node*> free_;
};

}  // namespace lineup::seeded
