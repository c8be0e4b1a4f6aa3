// Seeded bug (ABA through a wrapped tag): a Treiber stack recycling its nodes through a free
// list, whose top carries a modification tag against ABA, as it should, but keeps the tag in
// the three low bits of the node pointer, which the nodes' 8-byte alignment leaves free. The
// tag counts modulo 8, and every successful compare-exchange on top (push or pop) adds one.
//
// pop() reads top = (A, t), A->next and A's value, then compare-exchanges top from (A, t) to
// (A->next, t + 1). If meanwhile other calls make exactly eight changes to top and leave A
// (recycled by a push) on top again, top is (A, t) again: the compare-exchange succeeds with
// a stale next and value. With a tag of 16 bits (tagged_msqueue.h) that takes 65,536
// changes; with 3 bits, eight calls of other threads that all succeed while the pop is
// stopped. Shortest case found and shrunk by the hunt (--bound 1): T0: push(2) pop() |
// T1: pop() push(1) push(1) push(1) | T2: pop() pop() pop() push(1), one preemption: T0 is
// stopped in its pop after reading top, T1 and then T2 run to the end (eight changes, A
// recycled by the last push), and T0's compare-exchange succeeds: 2 is popped twice. A
// program of 3 threads x 3 calls has at most six calls besides the stopped pop, so the stack
// is correct there at any preemption bound: it needs 4 calls in a thread (it declares 3 x 4
// programs) or a fourth thread.
#include <atomic>
#include <cstdint>
#include <mutex>
#include <vector>

#include "specs/structure.h"

namespace {

class TagWrapStack {
 public:
  ~TagWrapStack() {
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
      if (n == nullptr) return lineup::specs::kEmpty;
      uintptr_t next = n->next.load();
      int v = n->value.load();
      // The bug: after eight changes the tag is t again, the node maybe another push's.
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
  static constexpr uintptr_t kTagMask = alignof(Node) - 1;  // 7: three bits
  static uintptr_t pack(Node* p, uintptr_t tag) {
    return reinterpret_cast<uintptr_t>(p) | (tag & kTagMask);
  }
  static Node* ptr(uintptr_t v) { return reinterpret_cast<Node*>(v & ~kTagMask); }
  static uintptr_t tag(uintptr_t v) { return v & kTagMask; }

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
  std::mutex free_mutex_;
  std::vector<Node*> free_;
};

LINEUP_REGISTER(lineup::specs::push_pop<TagWrapStack>("seeded/treiber-tag-wrap",
                                                      lineup::specs::stack_model())
                    .describe("Treiber stack with recycled nodes and a 3-bit ABA tag that wraps")
                    .origin("seeded")
                    .shape(3, 4));

}  // namespace
