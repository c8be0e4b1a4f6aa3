// Seeded bug (libcds 1.3.1's intrusive MSQueue, fixed in libcds 1.4.0): a Michael & Scott
// queue whose dummy node is a member of the queue object, as in libcds 1.x, and whose dequeue
// clears that dummy's link at once when it dequeues it.
//
// What is published: libcds 1.4.0's change log lists "Fixed: bug #11 'ABA bug in libcds 1.3.1
// cds/intrusive/msqueue.h'", reported by Jelle van den Hooff (the libcds MSQueue bugs of van
// den Hooff 2014, ch. 6). The number is that of libcds's SourceForge tracker, not of its later
// GitHub repository, whose issue 11 is about header guards; the report's text and the 1.3.1
// source are not in the repository's history, which starts at 1.6.0. The fixed queue says
// what the ABA was in its dispose function: the dummy node's link must not be cleared there,
// since that leads to ABA, nor in a deferred hazard-pointer retirement, since the dummy is
// part of the queue and may be destroyed first; so the dummy is never cleared. The ordinary
// nodes are cleared only when their hazard-pointer retirement ends, when no thread holds them.
// This queue clears the dummy's link where the fix says it must not.
//
// An enqueue reads tail = the dummy D and D->next = null, and is stopped before its
// compare-exchange on D->next. Another thread enqueues X behind D and swings tail to X, then
// dequeues: head moves to X, the call returns X's value and clears D->next back to null. The
// stale enqueue's compare-exchange expects null and succeeds: its node hangs behind D, which
// is no longer in the queue, its compare-exchange on tail fails, and it returns; its value is
// lost, and a later dequeue finds the queue empty. Only the queue's first dequeue disposes of
// the dummy, so the stale enqueue must have read the initial tail. Shortest case found and
// shrunk by the hunt in two threads (-t 2 -c 2): T0: push(1) pop() | T1: push(1) pop(), one
// preemption: T0 stopped before its compare-exchange while T1 runs both its calls, then T0's
// pop finds the queue empty. Not deep: any program whose first dequeue races with an enqueue
// of the initial tail shows it. Without the clearing (control/msqueue-dummy-kept) the
// compare-exchange fails, since D->next still points to X.
#include "adapters/seeded/dummy_msqueue.h"
#include "specs/structure.h"

namespace {

using Q = lineup::seeded::DummyMsQueue</*kClearDummy=*/true>;

LINEUP_REGISTER(lineup::specs::push_pop<Q>("seeded/msqueue-dummy-clear",
                                           lineup::specs::queue_model())
                    .describe("MS queue with a built-in dummy node whose link is cleared as soon "
                              "as it is dequeued (libcds 1.3.1 MSQueue ABA, fixed in 1.4.0)")
                    .origin("seeded"));

}  // namespace
