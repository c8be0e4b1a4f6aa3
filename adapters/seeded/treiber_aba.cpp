// Seeded bug (ABA; Koch, Testing Concurrent Software): a Treiber stack that recycles its nodes
// through its own free list and compares the top by address only.
//
// pop() reads top = A, A->next and A's value, then swings top from A to A->next with a
// compare-exchange. If meanwhile other calls pop A and push again, the push reuses A (the
// free list hands back the most recently freed node), so top is A again but holds another
// value and maybe another next: the compare-exchange still succeeds. Shortest case (found and
// shrunk by the hunt): T0: push(2) pop() | T1: pop() push(1). T0's pop reads A (value 2) and
// is preempted; T1 pops 2 and pushes 1 into the recycled A; T0's compare-exchange succeeds:
// 2 is popped twice and 1 is lost. One preemption, two threads, four calls.
#include <atomic>

#include "specs/structure.h"

namespace {

class RecyclingStack {
 public:
  ~RecyclingStack() {
    for (Node* list : {top_.load(), free_.load()}) {
      while (list != nullptr) {
        Node* next = list->next.load();
        delete list;
        list = next;
      }
    }
  }
  void push(int v) {
    Node* n = take_free();
    if (n == nullptr) n = new Node;
    n->value.store(v);
    Node* t = top_.load();
    do {
      n->next.store(t);
    } while (!top_.compare_exchange_weak(t, n));
  }
  int pop() {
    for (;;) {
      Node* t = top_.load();
      if (t == nullptr) return lineup::specs::kEmpty;
      Node* next = t->next.load();
      int v = t->value.load();
      if (top_.compare_exchange_weak(t, next)) {  // the bug: same address, maybe another node
        give_free(t);
        return v;
      }
    }
  }

 private:
  struct Node {
    std::atomic<int> value{0};
    std::atomic<Node*> next{nullptr};
  };
  Node* take_free() {
    Node* f = free_.load();
    while (f != nullptr && !free_.compare_exchange_weak(f, f->next.load())) {
    }
    return f;
  }
  void give_free(Node* n) {
    Node* f = free_.load();
    do {
      n->next.store(f);
    } while (!free_.compare_exchange_weak(f, n));
  }
  std::atomic<Node*> top_{nullptr};
  std::atomic<Node*> free_{nullptr};
};

LINEUP_REGISTER(lineup::specs::push_pop<RecyclingStack>("seeded/treiber-aba",
                                                        lineup::specs::stack_model())
                    .describe("Treiber stack recycling nodes through a free list, no ABA tag")
                    .origin("seeded"));

}  // namespace
