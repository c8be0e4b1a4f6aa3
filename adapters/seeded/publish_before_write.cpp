// Seeded bug: a linked queue that links a new node into the list before writing its value.
//
// push(v) swaps the tail to its new node, links it behind the old tail, and only then stores
// the value. A pop that runs between the link and the store takes the node and returns the
// value it does not have yet (0). Shortest schedule: T0 push(1) preempted right after
// `last->next.store(n)`; T1 pop() returns 0, which no order of push(1), pop() explains.
// One preemption, two threads.
//
// Swapping the tail before linking has a second consequence, found by the hunt as often:
// push B can complete while the push A before it (tail swapped, not linked yet) is
// preempted; B's value is then invisible, and a pop that starts after B returned reports
// empty. Two preemptions' worth of waiting, but a single context switch inside A suffices.
#include <atomic>

#include "specs/structure.h"

namespace {

class PublishBeforeWriteQueue {
 public:
  PublishBeforeWriteQueue() : head_(new Node), tail_(head_.load()) {}
  ~PublishBeforeWriteQueue() {
    for (Node* n = head_.load(); n != nullptr;) {
      Node* next = n->next.load();
      delete n;
      n = next;
    }
  }
  bool push(int v) {
    Node* n = new Node;
    Node* last = tail_.exchange(n);
    last->next.store(n);  // published here...
    n->value.store(v);    // ...but the value is written only now
    return true;
  }
  bool pop(int& v) {
    for (;;) {
      Node* first = head_.load();
      Node* next = first->next.load();
      if (next == nullptr) return false;
      if (head_.compare_exchange_strong(first, next)) {
        v = next->value.load();
        return true;  // `first` is leaked on purpose: no reclamation scheme here
      }
    }
  }

 private:
  struct Node {
    std::atomic<int> value{0};
    std::atomic<Node*> next{nullptr};
  };
  std::atomic<Node*> head_;
  std::atomic<Node*> tail_;
};

using Queue = PublishBeforeWriteQueue;

LINEUP_REGISTER(lineup::specs::Structure<Queue>("seeded/publish-before-write",
                                                lineup::specs::queue_model())
                    .describe("linked queue that links a node before writing its value")
                    .origin("seeded")
                    .operation("push", [](Queue& q, int v) { return q.push(v) ? 1 : 0; })
                    .operation("pop", [](Queue& q, int) {
                      int v;
                      return q.pop(v) ? v : lineup::specs::kEmpty;
                    }));

}  // namespace
