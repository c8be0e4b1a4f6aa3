// libcds 2.3.3 Treiber stack on the Hazard-Pointer GC, default traits (no elimination; the
// elimination back-off variant is in treiber_stack_elimination.cpp).
#include "adapters/libcds/cds_structures.h"
#include "adapters/libcds/structures/cds_registration.h"

namespace {

namespace reg = lineup::adapters::cds::registration;
using lineup::adapters::cds::TreiberStack;

LINEUP_REGISTER(reg::stack<TreiberStack>("cds/treiber_stack",
                                         "TreiberStack<HP, int>: Treiber lock-free stack: push, "
                                         "pop, empty"));

}  // namespace
