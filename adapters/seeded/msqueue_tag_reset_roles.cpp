// Seeded bug (the Boost FIFO bug of van den Hooff 2014, chapter 5, in its own roles): the
// tag-reset queue of seeded/msqueue-tag-reset (an enqueue resets a recycled node's `next` to
// (null, tag 0), as Boost.Lockfree's node allocator did by running the node's constructor),
// used by two producer threads that only enqueue and one consumer thread that only dequeues.
//
// The failing order is that of the thesis's trace:
//   r  producer T0 reads tail = A and A->next = (null, 0), and is stopped before its
//      compare-exchange on A->next;
//   L  producer T1 links B behind A;
//   D  the consumer dequeues A (returning B's value) and releases A;
//   R  T1's next enqueue takes A from the free list, resets A->next to (null, 0), and is
//      stopped before linking A;
//   c  T0's compare-exchange expects (null, 0) and succeeds: its value hangs behind A, which
//      is no longer in the queue, and T0's enqueue returns;
//   O  the consumer dequeues again and finds the queue empty, though T0's value was enqueued
//      and nobody dequeued it.
// Each of r..c is forced after the one before. T0 is stopped inside its enqueue (r to c), T1
// between L and R (D is the consumer's) and again inside its enqueue (R to T1's link, which
// puts T0's value back behind A): three preemptions. Run in this order the consumer would be
// stopped between D and O, a fourth; but O reads head, tail and B->next, nothing R or c
// writes, so the check, which orders only dependent steps (van den Hooff 2014, section 3.4),
// sees the same violation in the execution where the consumer runs D and O at once, before R:
// three preemptions. With two preemptions there is none: seeded/msqueue-tag-reset shows the
// flaw with two because its threads may both enqueue and dequeue, so that one of them does L,
// D and R in one run. Shortest case found and shrunk by the hunt (--bound 3):
// T0: push(1) | T1: push(1) push(1) | T2: pop() pop(), three preemptions.
#include "adapters/seeded/tagged_msqueue.h"
#include "specs/structure.h"

namespace {

using Q = lineup::seeded::TaggedMsQueue<lineup::seeded::TaggedQueueFlaws{.reset_tag = true}>;

LINEUP_REGISTER(lineup::specs::push_pop<Q>("seeded/msqueue-tag-reset-roles",
                                           lineup::specs::queue_model())
                    .describe("tag-reset MS queue with two producer threads and one consumer "
                              "(the Boost FIFO bug of van den Hooff 2014): three preemptions")
                    .origin("seeded")
                    .roles({{"push"}, {"push"}, {"pop"}}));

}  // namespace
