// Seeded bug (reclamation by counting threads in pop, one check short): a Treiber stack that
// frees popped nodes when no other thread is inside pop. Each pop counts itself in
// `in_pop_`; a pop that finds itself alone deletes its own node and every node deferred
// earlier, otherwise it defers its node to the `pending_` list. The correct scheme (the
// "threads in pop" counter of Williams' C++ Concurrency in Action) claims the pending list
// and then re-checks that it is still alone before deleting it, putting the list back if
// not. This one deletes the claimed list without the re-check.
//
// Between the check and the claim another pop can enter and read the top, and a third pop
// can pop that node and defer it; the claimed list then holds a node the second pop is about
// to read. Shortest schedule (found and shrunk by the hunt), three threads, two preemptions:
// T0: pop() | T1: push(1) pop() | T2: pop(). T0's pop finds the stack empty, sees
// in_pop_ == 1 and is preempted before claiming the list; T1 pushes 1, its pop reads the top
// and is preempted before reading the node's next; T2 pops 1, sees in_pop_ == 3, defers the
// node and returns; T0 claims the list and deletes the node; T1 reads next from freed memory:
// use-after-free. Two threads cannot show it: the deleting pop, the pop holding the node and
// the pop that deferred it must all be in flight at once; nor can one preemption (T0 and T1
// must both stop mid-pop). With the re-check, T0 sees T1 still counted and puts the list back.
#include "adapters/seeded/pop_count_reclaim_stack.h"
#include "specs/structure.h"

namespace {

using S = lineup::seeded::PopCountReclaimStack</*kRecheck=*/false>;
LINEUP_REGISTER(lineup::specs::push_pop<S>("seeded/pop-count-reclaim-stack",
                                           lineup::specs::stack_model())
                    .describe("stack freeing nodes when alone in pop, without re-checking")
                    .origin("seeded"));

}  // namespace
