// See urcu_containers.h. Popped nodes are freed at once: the pops of each container are
// serialised by its mutex, and pushers never dereference the old top or tail.
#define _LGPL_SOURCE
#include "adapters/liburcu/urcu_containers.h"

#include <stdlib.h>
#include <urcu/lfstack.h>
#include <urcu/wfcqueue.h>
#include <urcu/wfstack.h>

struct lfs_node {
  struct cds_lfs_node link;
  int value;
};

struct urcu_lfs {
  struct cds_lfs_stack stack;
};

struct urcu_lfs* urcu_lfs_new(void) {
  struct urcu_lfs* s = malloc(sizeof *s);
  cds_lfs_init(&s->stack);
  return s;
}

void urcu_lfs_free(struct urcu_lfs* s) {
  int ignored;
  while (urcu_lfs_pop(s, &ignored)) {
  }
  cds_lfs_destroy(&s->stack);
  free(s);
}

void urcu_lfs_push(struct urcu_lfs* s, int value) {
  struct lfs_node* n = malloc(sizeof *n);
  cds_lfs_node_init(&n->link);
  n->value = value;
  cds_lfs_push(&s->stack, &n->link);
}

bool urcu_lfs_pop(struct urcu_lfs* s, int* value) {
  struct cds_lfs_node* link = cds_lfs_pop_blocking(&s->stack);
  if (link == NULL) return false;
  struct lfs_node* n = caa_container_of(link, struct lfs_node, link);
  *value = n->value;
  free(n);
  return true;
}

struct wfs_node {
  struct cds_wfs_node link;
  int value;
};

struct urcu_wfs {
  struct cds_wfs_stack stack;
};

struct urcu_wfs* urcu_wfs_new(void) {
  struct urcu_wfs* s = malloc(sizeof *s);
  cds_wfs_init(&s->stack);
  return s;
}

void urcu_wfs_free(struct urcu_wfs* s) {
  int ignored;
  while (urcu_wfs_pop(s, &ignored)) {
  }
  cds_wfs_destroy(&s->stack);
  free(s);
}

void urcu_wfs_push(struct urcu_wfs* s, int value) {
  struct wfs_node* n = malloc(sizeof *n);
  cds_wfs_node_init(&n->link);
  n->value = value;
  cds_wfs_push(&s->stack, &n->link);
}

bool urcu_wfs_pop(struct urcu_wfs* s, int* value) {
  struct cds_wfs_node* link = cds_wfs_pop_blocking(&s->stack);
  if (link == NULL) return false;
  struct wfs_node* n = caa_container_of(link, struct wfs_node, link);
  *value = n->value;
  free(n);
  return true;
}

struct wfcq_node {
  struct cds_wfcq_node link;
  int value;
};

struct urcu_wfcq {
  struct cds_wfcq_head head;
  struct cds_wfcq_tail tail;
};

struct urcu_wfcq* urcu_wfcq_new(void) {
  struct urcu_wfcq* q = malloc(sizeof *q);
  cds_wfcq_init(&q->head, &q->tail);
  return q;
}

void urcu_wfcq_free(struct urcu_wfcq* q) {
  int ignored;
  while (urcu_wfcq_dequeue(q, &ignored)) {
  }
  cds_wfcq_destroy(&q->head, &q->tail);
  free(q);
}

void urcu_wfcq_enqueue(struct urcu_wfcq* q, int value) {
  struct wfcq_node* n = malloc(sizeof *n);
  cds_wfcq_node_init(&n->link);
  n->value = value;
  cds_wfcq_enqueue(&q->head, &q->tail, &n->link);
}

bool urcu_wfcq_dequeue(struct urcu_wfcq* q, int* value) {
  struct cds_wfcq_node* link = cds_wfcq_dequeue_blocking(&q->head, &q->tail);
  if (link == NULL) return false;
  struct wfcq_node* n = caa_container_of(link, struct wfcq_node, link);
  *value = n->value;
  free(n);
  return true;
}
