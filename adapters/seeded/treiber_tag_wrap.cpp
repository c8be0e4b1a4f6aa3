// Seeded bug (ABA through a wrapped tag): a Treiber stack recycling its nodes through a free
// list, whose top carries a modification tag against ABA, as it should, but keeps the tag in
// the three low bits of the node pointer, which the nodes' 8-byte alignment leaves free. The
// tag counts modulo 8, and every successful compare-exchange on top (push or pop) adds one.
//
// pop() reads top = (A, t), A->next and A's value, then compare-exchanges top from (A, t) to
// (A->next, t + 1). If meanwhile other calls make exactly eight changes to top and leave A
// (recycled by a push) on top again, top is (A, t) again: the compare-exchange succeeds with
// a stale next and value. With a tag of 16 bits (tagged_msqueue.h) that takes 65,536
// changes; with 3 bits, eight calls of other threads that all succeed while the pop is
// stopped. Shortest case found and shrunk by the hunt (--bound 1): T0: push(2) pop() |
// T1: pop() push(1) push(1) push(1) | T2: pop() pop() pop() push(1), one preemption: T0 is
// stopped in its pop after reading top, T1 and then T2 run to the end (eight changes, A
// recycled by the last push), and T0's compare-exchange succeeds: 2 is popped twice. A
// program of 3 threads x 3 calls has at most six calls besides the stopped pop, so the stack
// is correct there at any preemption bound: it needs 4 calls in a thread (it declares 3 x 4
// programs) or a fourth thread.
#include "adapters/seeded/tagged_stack.h"
#include "specs/structure.h"

namespace {

using S = lineup::seeded::TaggedStack</*kTagInAlignmentBits=*/true>;

LINEUP_REGISTER(lineup::specs::push_pop<S>("seeded/treiber-tag-wrap", lineup::specs::stack_model())
                    .describe("Treiber stack with recycled nodes and a 3-bit ABA tag that wraps")
                    .origin("seeded")
                    .shape(3, 4));

}  // namespace
