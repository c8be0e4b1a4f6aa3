// The non-blocking queue of Michael & Scott (PODC 1996, figure 1), line by line: a linked list
// with a dummy node, Head and Tail as counted pointers, Tail allowed to lag one node behind and
// swung forward by whichever thread finds it lagging. Dequeue reads the value before its CAS
// on Head (D12), since once Head has moved another dequeuer may free the node.
//
// Declared for `lineup verify` and bench/genmc_compare.sh, beside GenMC's client of its
// own MS queue (tests/correct/data-structures/ms-queue). That one is CDSChecker's variant: its
// enqueue swings Tail after every failed attempt, not only when it finds Tail lagging, and its
// dequeue assumes its CAS on Head succeeds (an execution where it fails is blocked, not
// retried). This is the paper's, so executions counted differ where those paths are taken.
#include "adapters/verify/node_pool.h"
#include "specs/structure.h"

namespace lineup::verify {
namespace {

class MsQueue {
 public:
  MsQueue() {
    store(pool_[kDummy].next, counted(0, 0));
    store(head_, counted(kDummy, 0));
    store(tail_, counted(kDummy, 0));
  }

  void push(int v) {
    bool recycled = false;
    const uint32_t node = pool_.take(&recycled);  // E1
    store(pool_[node].value, v);                  // E2
    const uint32_t count = recycled ? count_of(load(pool_[node].next)) : 0;
    store(pool_[node].next, counted(0, count));  // E3
    Counted tail;
    for (;;) {                                                // E4
      tail = load(tail_);                                     // E5
      const Counted next = load(pool_[index_of(tail)].next);  // E6
      if (tail != load(tail_)) continue;                      // E7
      if (index_of(next) == 0) {                              // E8
        if (compare_exchange(pool_[index_of(tail)].next, next, counted(node, count_of(next) + 1))) {
          break;  // E9, E10
        }
      } else {
        compare_exchange(tail_, tail, counted(index_of(next), count_of(tail) + 1));  // E13
      }
    }
    compare_exchange(tail_, tail, counted(node, count_of(tail) + 1));  // E17
  }

  int pop() {
    Counted head;
    int value;
    for (;;) {                                                                       // D1
      head = load(head_);                                                            // D2
      const Counted tail = load(tail_);                                              // D3
      const Counted next = load(pool_[index_of(head)].next);                         // D4
      if (head != load(head_)) continue;                                             // D5
      if (index_of(head) == index_of(tail)) {                                        // D6
        if (index_of(next) == 0) return specs::kEmpty;                               // D7, D8
        compare_exchange(tail_, tail, counted(index_of(next), count_of(tail) + 1));  // D10
      } else {
        value = load(pool_[index_of(next)].value);  // D12
        if (compare_exchange(head_, head, counted(index_of(next), count_of(head) + 1))) {
          break;  // D13, D14
        }
      }
    }
    pool_.give(index_of(head));  // D19
    return value;
  }

 private:
  static constexpr uint32_t kDummy = NodePool::kFirstShared;
  Counted head_;
  Counted tail_;
  NodePool pool_;
};

LINEUP_REGISTER(specs::push_pop<MsQueue>("verify/ms-queue", specs::queue_model())
                    .describe("Michael & Scott's queue (PODC 1996) on a node pool, counted "
                              "pointers; for `lineup verify` beside GenMC")
                    .origin("verify"));

}  // namespace
}  // namespace lineup::verify
