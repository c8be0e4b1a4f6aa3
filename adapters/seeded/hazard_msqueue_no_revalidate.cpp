// Seeded bug (hazard pointer published too late, freed by a scan inside the execution): a
// Michael & Scott queue reclaiming its nodes with hazard pointers (hazard_msqueue.h, two per
// thread, a scan at every fourth retire of a thread), whose dequeue publishes its second
// hazard pointer on head's successor but does not read head again afterwards, as Michael's
// 2004 queue does, to check that the successor was still in the queue when it became
// protected.
//
// T0's dequeue protects head = A, reads next = B = A->next, and is stopped before its hazard
// pointer on B is published. T1 dequeues A, B, C and D: A stays retired (T0's first hazard
// pointer holds it), and T1's fourth retire scans its list, finds no hazard pointer on B and
// frees it. T0 publishes its hazard pointer on B, too late, and reads B's value: a use after
// free. One preemption, but the scan comes only at a thread's fourth retire, so a thread must
// dequeue four values (and four must have been enqueued before): in programs of 3 threads x 3
// calls no node is ever freed and the queue is correct at any preemption bound. Shortest case:
// T0: push(1) push(1) pop() | T1: pop() pop() pop() pop() | T2: push(1) push(1), one
// preemption. The structure declares 3 x 4 programs.
#include "adapters/seeded/hazard_msqueue.h"
#include "specs/structure.h"

namespace {

using Q = lineup::seeded::HazardMsQueue<lineup::seeded::HazardQueueConfig{.no_revalidate = true}>;

LINEUP_REGISTER(lineup::specs::push_pop<Q>("seeded/hazard-msqueue-no-revalidate",
                                           lineup::specs::queue_model())
                    .describe("hazard-pointer MS queue not re-reading head after protecting its "
                              "successor; a scan every 4 retires frees it")
                    .origin("seeded")
                    .shape(3, 4));

}  // namespace
