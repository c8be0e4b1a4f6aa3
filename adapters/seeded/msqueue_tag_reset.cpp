// Seeded bug (ABA through a reset tag, the mechanism of Boost.Lockfree issue #59 and of the
// Boost FIFO bug in van den Hooff 2014 chapter 5): a Michael & Scott queue with tagged pointers
// whose nodes are recycled through a free list, and whose enqueue resets a recycled node's `next`
// to (null, tag 0) instead of (null, previous tag + 1).
//
// An enqueuer reads tail = A and A->next = (null, 0), and is preempted. Meanwhile A is
// dequeued and recycled by another enqueue, which resets its next to (null, 0) again. The
// stale enqueuer's compare-exchange on A->next expects (null, 0) and succeeds: it links its
// node behind a node that is no longer the tail, and values are lost. With the tag counting
// on, the compare-exchange fails. Shortest case found and shrunk by the hunt:
// T0: push(1) pop() | T1: push(1) pop() push(1), two preemptions (none with one: the stale
// enqueuer must be preempted, and the recycling enqueue too, before it swings the tail).
#include "adapters/seeded/tagged_msqueue.h"
#include "specs/structure.h"

namespace {

using Q = lineup::seeded::TaggedMsQueue<lineup::seeded::TaggedQueueFlaws{.reset_tag = true}>;

LINEUP_REGISTER(lineup::specs::push_pop<Q>("seeded/msqueue-tag-reset", lineup::specs::queue_model())
                    .describe("tagged-pointer MS queue whose recycled nodes restart their tag at 0")
                    .origin("seeded"));

}  // namespace
