// Treiber's stack (IBM RJ 5118, 1986): a linked list whose top is swung by compare-and-swap,
// top a counted pointer so that a node popped and pushed again in between fails a stale CAS
// (the version count Treiber's compare double and swap carries). Push writes its value once,
// then each attempt links the node to the top it read; pop reads the value after its CAS wins,
// when the node is its own.
//
// Declared for `lineup verify` and bench/genmc_compare.sh, beside GenMC's client of the same
// algorithm (tests/correct/data-structures/treiber-stack), which has these steps too.
#include "adapters/verify/node_pool.h"
#include "specs/structure.h"

namespace lineup::verify {
namespace {

class TreiberStack {
 public:
  TreiberStack() { store(top_, counted(0, 0)); }

  void push(int v) {
    bool recycled = false;
    const uint32_t node = pool_.take(&recycled);
    store(pool_[node].value, v);
    for (;;) {
      const Counted top = load(top_);
      store(pool_[node].next, top);
      if (compare_exchange(top_, top, counted(node, count_of(top) + 1))) return;
    }
  }

  int pop() {
    for (;;) {
      const Counted top = load(top_);
      if (index_of(top) == 0) return specs::kEmpty;
      const Counted next = load(pool_[index_of(top)].next);
      if (compare_exchange(top_, top, counted(index_of(next), count_of(top) + 1))) {
        const int value = load(pool_[index_of(top)].value);
        pool_.give(index_of(top));
        return value;
      }
    }
  }

 private:
  Counted top_;
  NodePool pool_;
};

LINEUP_REGISTER(specs::push_pop<TreiberStack>("verify/treiber-stack", specs::stack_model())
                    .describe("Treiber's stack (1986) on a node pool, counted top; for "
                              "`lineup verify` beside GenMC")
                    .origin("verify"));

}  // namespace
}  // namespace lineup::verify
