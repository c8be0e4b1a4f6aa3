// Seeded bug (weak memory, found only with --memory-model c11): Michael and Scott's two-lock
// queue whose enqueuer links the new node with a relaxed store instead of a release store.
//
// Enqueuers and dequeuers hold different locks, so the link tail->next is the only thing
// that carries the node's contents from the thread that pushes to the thread that pops. With
// a relaxed store the dequeuer's acquire load of head->next may read the new node and still
// see the node's value as it was before push stored it (0, the constructor's), as on ARM or
// POWER, where the two stores may become visible in either order; on x86 (TSO) and in every
// sequentially consistent execution the value is always there, so an SC-mode hunt finds
// nothing. Shortest case: T0: push(1) | T1: pop(), no preemption at all: T1 runs after T0 and
// its load of the node's value reads the constructor's 0, one store older than the latest
// (one stale read); pop returns 0, which nobody pushed.
#include "adapters/seeded/two_lock_queue.h"
#include "specs/structure.h"

namespace {

using Q = lineup::seeded::TwoLockQueue<std::memory_order_relaxed>;
// Not under seeded/: every structure there is found by an SC-mode hunt (tests/adapters/seeded),
// and this one must not be.
LINEUP_REGISTER(lineup::specs::Structure<Q>("seeded-c11/relaxed-publish-queue",
                                            lineup::specs::queue_model())
                    .describe("two-lock queue linking nodes with a relaxed store (--memory-model "
                              "c11 only)")
                    .origin("seeded")
                    .operation("push",
                               [](Q& q, int v) {
                                 q.push(v);
                                 return 1;
                               })
                    .operation("pop", [](Q& q, int) { return q.pop(); }));

}  // namespace
