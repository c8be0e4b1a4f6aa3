// Seeded bug (reading a node after giving it up): a correct tagged-pointer Michael & Scott
// queue with recycled nodes, except that dequeue reads the value after its compare-exchange
// on head instead of before.
//
// After the compare-exchange the node holding the value (the new dummy) belongs to the
// queue again: another dequeue can take it, release the old dummy, and an enqueue can
// recycle that node and overwrite its value before the late read. Shortest case: T0's
// dequeue swings head and is preempted before reading; T1 dequeues the next element, which
// frees T0's node, and enqueues, which recycles it with a new value; T0 returns that value.
#include "adapters/seeded/tagged_msqueue.h"
#include "specs/structure.h"

namespace {

using Q = lineup::seeded::TaggedMsQueue<lineup::seeded::TaggedQueueFlaws{.read_value_late = true}>;

LINEUP_REGISTER(lineup::specs::Structure<Q>("seeded/msqueue-late-read",
                                            lineup::specs::queue_model())
                    .describe("MS queue whose dequeue reads the value after releasing its claim")
                    .origin("seeded")
                    .operation("push",
                               [](Q& q, int v) {
                                 q.push(v);
                                 return 1;
                               })
                    .operation("pop", [](Q& q, int) { return q.pop(); }));

}  // namespace
