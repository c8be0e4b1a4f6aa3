// liburcu's RCU lock-free resizable hash table (cds_lfht) as a set of int keys, under the
// memory-barrier RCU flavour (urcu-mb). cds_lfht and RCU's grace periods exist only as
// library code (rculfhash.c, urcu.c), not as inline headers: urcu_lfht.c is compiled with
// liburcu's own sources of the installed version (fetched by cmake/UrcuSource.cmake), all
// instrumented, so every access they make, the grace period's included, is controlled by the
// engine.
#pragma once

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

/// A cds_lfht of one bucket that never resizes (no CDS_LFHT_AUTO_RESIZE, so no resize worker
/// thread): every key is in the one split-ordered list, ordered by its bit-reversed hash.
struct urcu_lfht;
struct urcu_lfht* urcu_lfht_new(void);
/// Removes and frees every node, then destroys the table. No other thread may use it.
void urcu_lfht_free(struct urcu_lfht* s);

/// Registers the calling thread as an RCU reader (urcu_mb_register_thread). Every thread that
/// calls the three operations below must have registered, and unregister before it ends.
void urcu_lfht_register_thread(void);
void urcu_lfht_unregister_thread(void);

/// cds_lfht_add_unique inside a read-side critical section; false if `key` was present.
bool urcu_lfht_insert(struct urcu_lfht* s, int key);
/// cds_lfht_lookup and cds_lfht_del inside a read-side critical section; after a successful
/// delete, synchronize_rcu and then the node's free. False if `key` was absent.
bool urcu_lfht_erase(struct urcu_lfht* s, int key);
/// urcu_lfht_erase without the grace period: the node is freed while readers may still walk
/// it, the misuse RCU exists to prevent (for tests that lineup sees RCU's readers).
bool urcu_lfht_erase_at_once(struct urcu_lfht* s, int key);
/// cds_lfht_lookup inside a read-side critical section.
bool urcu_lfht_contains(struct urcu_lfht* s, int key);

#ifdef __cplusplus
}
#endif
