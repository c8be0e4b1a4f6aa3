// Seeded bug (the Boost FIFO bug of van den Hooff 2014, chapter 5, in its own shape): the
// tag-reset queue of seeded/msqueue-tag-reset (an enqueue resets a recycled node's `next` to
// (null, tag 0), as Boost.Lockfree's node allocator did by running the node's constructor),
// used by two producer threads that only enqueue and two consumer threads that only dequeue.
//
// The failing order is that of the thesis's trace:
//   r  producer T0 reads tail = A and A->next = (null, 0), and is stopped before its
//      compare-exchange on A->next;
//   L  producer T1 links B behind A;
//   D  a consumer dequeues A (returning B's value) and releases A;
//   R  T1's next enqueue takes A from the free list, resets A->next to (null, 0), and is
//      stopped before linking A;
//   c  T0's compare-exchange expects (null, 0) and succeeds: its value hangs behind A, which
//      is no longer in the queue, and T0's enqueue returns;
//   O  the other consumer dequeues and finds the queue empty, though T0's value was enqueued
//      and nobody dequeued it.
// Each of r..c is forced after the one before. T0 is stopped inside its enqueue (r to c) and
// T1 between L and R (D is a consumer's) and again inside its enqueue (R to T1's link, which
// puts T0's value back behind A, so O must come first): three preemptions. The consumer of D
// may finish before R, and T0 after c, without preempting anyone, so three are enough, with
// two consumers: one consumer doing both D and O would be stopped between them, a fourth
// preemption. Shortest case: T0: push(1) | T1: push(1) push(1) | T2: pop() | T3: pop(), three
// preemptions. seeded/msqueue-tag-reset shows the same flaw with two preemptions because its
// threads may both enqueue and dequeue: T1 then does L, D and R in one run. This structure
// declares 4 threads x 2 calls; with the default 3 threads (producer, producer, consumer) it
// needs four preemptions.
#include "adapters/seeded/tagged_msqueue.h"
#include "specs/structure.h"

namespace {

using Q = lineup::seeded::TaggedMsQueue<lineup::seeded::TaggedQueueFlaws{.reset_tag = true}>;

LINEUP_REGISTER(lineup::specs::push_pop<Q>("seeded/msqueue-tag-reset-roles",
                                           lineup::specs::queue_model())
                    .describe("tag-reset MS queue with two producer and two consumer threads "
                              "(the Boost FIFO bug of van den Hooff 2014): three preemptions")
                    .origin("seeded")
                    .roles({{"push"}, {"push"}, {"pop"}, {"pop"}})
                    .shape(4, 2));

}  // namespace
