// libcds 2.3.3 Treiber stack with the elimination back-off. Its operations find their
// elimination record through libcds's threading manager, per logical thread here (see
// cds_elimination.h and attach_thread_data); cds_elimination.h comes before any libcds header.
#include "adapters/libcds/cds_elimination.h"
//
#include "adapters/libcds/structures/cds_registration.h"

namespace {

namespace reg = lineup::adapters::cds::registration;
using lineup::adapters::cds::EliminationStack;

LINEUP_REGISTER(reg::stack<EliminationStack>("cds/treiber_stack_elimination",
                                             "TreiberStack<HP, int> with elimination back-off "
                                             "(1 collision slot): push, pop, empty",
                                             /*thread_data=*/true));

}  // namespace
