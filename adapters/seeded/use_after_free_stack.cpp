// Seeded bug (no safe memory reclamation): a Treiber stack that deletes a popped node at once,
// while another pop may still be about to read it.
//
// T0 pop() reads top = A and is preempted before reading A->next; another pop takes A and
// deletes it; T0 reads A->next from freed memory. The engine reports the read as a
// use-after-free at the line that makes it. Shortest case: T0: push(1) pop() |
// T1: pop() push(1) pop(), one preemption, two threads: T0's pop reads top = A (its own 1)
// and is preempted; T1 pops A and deletes it, pushes 1 into a new node and pops and deletes
// that too; T0 reads A->next. Real code needs hazard pointers, epochs or reference counts.
#include <atomic>

#include "specs/structure.h"

namespace {

class EagerFreeStack {
 public:
  ~EagerFreeStack() {
    for (Node* n = top_.load(); n != nullptr;) {
      Node* next = n->next.load();
      delete n;
      n = next;
    }
  }
  void push(int v) {
    Node* n = new Node{v, top_.load()};
    Node* t = n->next.load();
    while (!top_.compare_exchange_weak(t, n)) n->next.store(t);
  }
  int pop() {
    for (;;) {
      Node* t = top_.load();
      if (t == nullptr) return lineup::specs::kEmpty;
      Node* next = t->next.load();  // t may have been deleted by another pop by now
      if (top_.compare_exchange_weak(t, next)) {
        int v = t->value;
        delete t;  // the bug: another pop may hold t
        return v;
      }
    }
  }

 private:
  struct Node {
    int value;
    std::atomic<Node*> next;
  };
  std::atomic<Node*> top_{nullptr};
};

LINEUP_REGISTER(lineup::specs::push_pop<EagerFreeStack>("seeded/use-after-free-stack",
                                                        lineup::specs::stack_model())
                    .describe("Treiber stack that deletes popped nodes while others may read them")
                    .origin("seeded"));

}  // namespace
