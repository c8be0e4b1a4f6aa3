// liburcu (Debian's liburcu-dev) concurrent data structures: the lock-free stack (cds_lfs),
// the wait-free stack (cds_wfs) and the wait-free concurrent queue (cds_wfcq).
//
// Their code is liburcu's own inline implementation (<urcu/static/*.h>), compiled as C and
// instrumented in urcu_containers.c, with liburcu's portable atomics from
// hooked_atomics/ (see the comment there: the x86 header's inline assembly is invisible to
// instrumentation). Their mutexes are pthread mutexes, which the engine controls; the wait for
// a half-finished push or enqueue polls with poll(NULL, 0, 10), which the engine turns into a
// virtual sleep.
//
// They declare no synchronizes promise, because liburcu's documentation promises a consumer
// the node's content only: `cds_wfcq_dequeue_blocking`'s "content written into the node before
// enqueue is guaranteed to be consistent, but no other memory ordering is ensured"
// (<urcu/wfcqueue.h>); producers issue a full barrier before they link a node, consumers read
// the links in dependency order, as RCU does (the hash table's lookups "act as
// rcu_dereference()"). That promise is held by the data-race check: the value is a plain field
// of the node, written before the push and read after the pop.
//
// The RCU hash table (cds_lfht) is declared in lfht/, compiled from liburcu's source. Not
// declared: the RCU queue and stack (cds_lfq, and cds_lfs pops under RCU instead of the mutex).
#include "adapters/liburcu/urcu_container.h"
#include "adapters/liburcu/urcu_containers.h"

namespace {

using lineup::urcu::Container;
using lineup::urcu::declare;

using LfStack = Container<urcu_lfs, urcu_lfs_new, urcu_lfs_free, urcu_lfs_push, urcu_lfs_pop>;
using WfStack = Container<urcu_wfs, urcu_wfs_new, urcu_wfs_free, urcu_wfs_push, urcu_wfs_pop>;
using WfcQueue =
    Container<urcu_wfcq, urcu_wfcq_new, urcu_wfcq_free, urcu_wfcq_enqueue, urcu_wfcq_dequeue>;

LINEUP_REGISTER(declare<LfStack>("urcu/lfstack", lineup::specs::stack_model(),
                                 "cds_lfs stack: cds_lfs_push, cds_lfs_pop_blocking"));
LINEUP_REGISTER(declare<WfStack>("urcu/wfstack", lineup::specs::stack_model(),
                                 "cds_wfs stack: cds_wfs_push, cds_wfs_pop_blocking"));
LINEUP_REGISTER(declare<WfcQueue>("urcu/wfcqueue", lineup::specs::queue_model(),
                                  "cds_wfcq queue: cds_wfcq_enqueue, cds_wfcq_dequeue_blocking"));

}  // namespace
