// Seeded bug (hazard pointer published without re-validation): a Treiber stack reclaiming its
// nodes with hazard pointers (hazard_stack.h), each thread scanning its retired list when it
// holds 4 nodes (Michael's R = H + 1 for H = 3 hazard pointers), whose pop() publishes its
// hazard pointer on the top it read but does not read top again afterwards.
//
// A hazard pointer protects a node only from the scans that start after it is published; the
// check that top is still the node tells that no earlier scan could have had it retired. pop()
// reads top = A and is preempted before publishing; meanwhile another thread pops A, retires
// it, and reaches its fourth retired node, so its scan frees A (no hazard pointer holds it
// yet). The stopped pop publishes A anyway and reads A->next: a use after free. One
// preemption, but one thread must pop four nodes: in programs of 3 threads x 3 calls no
// thread ever scans and nothing is freed before the end, so it needs 4 calls in a thread.
// Shortest case found and shrunk by the hunt (--bound 1): T0: push(1) push(1) pop() |
// T1: pop() pop() pop() pop() | T2: push(1) push(1), one preemption: T0's pop reads the top
// and is stopped; T1 pops all four nodes, the fourth retire scans and frees them; T0 reads the
// freed top's next. The structure declares 3 x 4 programs.
#include "adapters/seeded/hazard_stack.h"
#include "specs/structure.h"

namespace {

using S = lineup::seeded::HazardStack<lineup::seeded::HazardStackConfig{.no_revalidate = true}>;

LINEUP_REGISTER(lineup::specs::push_pop<S>("seeded/hazard-stack-no-revalidate",
                                           lineup::specs::stack_model())
                    .describe("hazard-pointer stack whose pop does not re-check top after "
                              "publishing its hazard pointer")
                    .origin("seeded")
                    .shape(3, 4));

}  // namespace
