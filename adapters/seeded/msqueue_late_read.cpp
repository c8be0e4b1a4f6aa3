// Seeded bug (reading a node after giving it up): a correct tagged-pointer Michael & Scott
// queue with recycled nodes, except that dequeue reads the value after its compare-exchange
// on head instead of before.
//
// After the compare-exchange the node holding the value (the new dummy) belongs to the
// queue again: another dequeue can take it, release the old dummy, and an enqueue can
// recycle that node and overwrite its value before the late read. Shortest case, one
// preemption, two threads: T0: push(2) pop() | T1: push(1) pop() push(1). With 2 and 1
// queued, T0's dequeue swings head to the node of 2 and is preempted before reading; T1
// dequeues 1, which releases the node of 2, and enqueues 1, which recycles that node; T0
// returns 1. Both pops return 1 and 2 is lost.
#include "adapters/seeded/tagged_msqueue.h"
#include "specs/structure.h"

namespace {

using Q = lineup::seeded::TaggedMsQueue<lineup::seeded::TaggedQueueFlaws{.read_value_late = true}>;

LINEUP_REGISTER(lineup::specs::push_pop<Q>("seeded/msqueue-late-read", lineup::specs::queue_model())
                    .describe("MS queue whose dequeue reads the value after releasing its claim")
                    .origin("seeded"));

}  // namespace
