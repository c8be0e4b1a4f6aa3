// liburcu's stacks and queue behind a small C interface of int values. liburcu 0.13's inline
// implementations (<urcu/static/*.h>, selected by _LGPL_SOURCE) are C only: they rely on
// transparent unions and on void* converting implicitly. urcu_containers.c compiles them as C,
// instrumented like every structure, so every access they make is controlled by the engine.
#pragma once

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

/// cds_lfs: push is a CAS loop on the top; pop takes the stack's pop mutex
/// (cds_lfs_pop_blocking).
struct urcu_lfs;
struct urcu_lfs* urcu_lfs_new(void);
/// Pops and frees the values left, then frees the stack.
void urcu_lfs_free(struct urcu_lfs* s);
void urcu_lfs_push(struct urcu_lfs* s, int value);
/// Returns false when the stack is empty, else stores the popped value in *value.
bool urcu_lfs_pop(struct urcu_lfs* s, int* value);

/// cds_wfs: push exchanges the top, then links the node; a pop (under the stack's mutex) that
/// finds the link not yet written waits for it.
struct urcu_wfs;
struct urcu_wfs* urcu_wfs_new(void);
void urcu_wfs_free(struct urcu_wfs* s);
void urcu_wfs_push(struct urcu_wfs* s, int value);
bool urcu_wfs_pop(struct urcu_wfs* s, int* value);

/// cds_wfcq: enqueue exchanges the tail, then links the old tail to the node; a dequeue (under
/// the head's mutex) that finds the link not yet written waits for it.
struct urcu_wfcq;
struct urcu_wfcq* urcu_wfcq_new(void);
void urcu_wfcq_free(struct urcu_wfcq* q);
void urcu_wfcq_enqueue(struct urcu_wfcq* q, int value);
bool urcu_wfcq_dequeue(struct urcu_wfcq* q, int* value);

#ifdef __cplusplus
}
#endif
