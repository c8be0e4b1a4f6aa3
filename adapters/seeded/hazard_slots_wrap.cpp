// Seeded bug (hazard-pointer table too small, thread slots wrapping): a Treiber stack
// reclaiming its nodes with hazard pointers (hazard_stack.h), scanning at every retire, with a
// table of 3 hazard pointers handed out to threads in the order they first call; a fourth
// thread is given slot 3 modulo 3 = 0, shared with the first, instead of being refused.
//
// Thread 0 publishes its hazard pointer on top = A, checks that A is still the top, and is
// preempted before reading A->next. The fourth thread, in the same slot, pops: it overwrites
// the slot with its own top and clears it when done. Then A is popped and retired, and the
// scan finds no hazard pointer on A and frees it; thread 0 reads A->next: a use after free.
// The pops may be the fourth thread's own (it pops A itself), so one preemption is enough,
// but four threads are needed: with three every thread has its own slot and the stack is
// correct. Shortest case found and shrunk by the hunt (--bound 1): T0: pop() |
// T1: push(1) push(1) pop() | T2: push(1) pop() | T3: pop() push(1) pop(), one preemption (the
// default bound-2 hunt reports a two-preemption case). The structure declares 4 x 3 programs.
#include "adapters/seeded/hazard_stack.h"
#include "specs/structure.h"

namespace {

using S = lineup::seeded::HazardStack<lineup::seeded::HazardStackConfig{
    .slots = 3, .threshold = 1, .wrap_slots = true}>;

LINEUP_REGISTER(lineup::specs::push_pop<S>("seeded/hazard-slots-wrap", lineup::specs::stack_model())
                    .describe("hazard-pointer stack with 3 slots, a fourth thread sharing slot 0")
                    .origin("seeded")
                    .shape(4, 3));

}  // namespace
