// Seeded bug (hazard pointer published too late on the enqueue side, freed by a scan inside
// the execution): the hazard-pointer Michael & Scott queue of hazard_msqueue.h (two hazard
// pointers per thread, a scan at every fourth retire of a thread), whose enqueue publishes its
// hazard pointer on the tail it read but does not read tail again afterwards, as Michael's
// 2004 queue does, to check that the node was still the tail when it became protected.
//
// T0's enqueue reads tail = A and is stopped before its hazard pointer on A is published.
// Other threads enqueue behind A and dequeue A and the nodes after it; the dequeuer's fourth
// retire scans its list, finds no hazard pointer on A and frees it. T0 publishes its hazard
// pointer on A, too late, and reads A->next: a use after free. One preemption, but the scan
// comes only at a thread's fourth retire, so a thread must dequeue four values: in programs
// of 3 threads x 3 calls no node is ever freed and the queue is correct at any preemption
// bound. Shortest case found and shrunk by the hunt: T0: push(1) push(1) push(1) push(1) |
// T1: push(1) | T2: pop() pop() pop() pop(), one preemption: T1 reads tail = the first dummy
// node, T0 enqueues four values behind it, T2 dequeues them and frees the dummy at its fourth
// retire. The structure declares 3 x 4 programs.
#include "adapters/seeded/hazard_msqueue.h"
#include "specs/structure.h"

namespace {

using Q =
    lineup::seeded::HazardMsQueue<lineup::seeded::HazardQueueConfig{.no_revalidate_tail = true}>;

LINEUP_REGISTER(lineup::specs::push_pop<Q>("seeded/hazard-msqueue-tail-no-revalidate",
                                           lineup::specs::queue_model())
                    .describe("hazard-pointer MS queue whose enqueue does not re-read tail after "
                              "protecting it; a scan every 4 retires frees it")
                    .origin("seeded")
                    .shape(3, 4));

}  // namespace
