// Seeded bugs, two independent ones in one structure: a linked stack whose push and pop each
// update the top with a separate load and store instead of one compare-exchange.
//
// Bug 1 (push, lost update): T0 push(1) loads top and is preempted before its store; T1
// push(2) completes; T0 stores its node over T1's. push(2) returned 1 yet 2 is never popped:
// T0: push(1) | T1: push(2) pop() pop() returns 1, then empty. One preemption, in push.
// Bug 2 (pop, double pop): T0 pop() reads top and its next and is preempted before its
// store; T1 pop() takes the same node; both return the same value: init push(1), then
// T0: pop() | T1: pop() both return 1. One preemption, in pop.
// A hunt that seals the functions of the first bug it finds goes on to find the other.
#include <atomic>

#include "specs/structure.h"

namespace {

class TwoBugsStack {
 public:
  ~TwoBugsStack() {
    for (Node* n = top_.load(); n != nullptr;) {
      Node* next = n->next;
      delete n;
      n = next;
    }
  }
  void push(int v) {
    Node* n = new Node{v, top_.load()};
    top_.store(n);  // bug 1: another push between the load above and this store is lost
  }
  int pop() {
    Node* t = top_.load();
    if (t == nullptr) return lineup::specs::kEmpty;
    top_.store(t->next);  // bug 2: another pop between the load and this store pops t too
    return t->value;      // nodes are not freed while the stack lives: no use-after-free
  }

 private:
  struct Node {
    int value;
    Node* next;
  };
  std::atomic<Node*> top_{nullptr};
};

LINEUP_REGISTER(lineup::specs::push_pop<TwoBugsStack>("seeded/two-bugs-stack",
                                                      lineup::specs::stack_model())
                    .describe("stack whose push and pop each load then store the top: two bugs")
                    .origin("seeded"));

}  // namespace
