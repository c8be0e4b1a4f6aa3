// liburcu's RCU hash table (cds_lfht) as a set: urcu/lfht. Built only when liburcu's source
// is available (cmake/UrcuSource.cmake).
#include "adapters/liburcu/lfht/urcu_lfht_set.h"

namespace {

LINEUP_REGISTER(lineup::urcu::declare_lfht<urcu_lfht_erase>(
    "urcu/lfht",
    "cds_lfht (1 bucket, no resize) under urcu-mb as a set: add_unique; lookup, del, "
    "synchronize_rcu, free; lookup"));

}  // namespace
