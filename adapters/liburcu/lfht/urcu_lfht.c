// See urcu_lfht.h. The node of a deleted key is freed only after a grace period, as RCU
// requires: a reader inside its critical section may still be walking it.
#define _LGPL_SOURCE
#include "adapters/liburcu/lfht/urcu_lfht.h"

#include <stdlib.h>
#include <urcu/rculfhash.h>
#include <urcu/urcu-mb.h>

struct lfht_node {
  struct cds_lfht_node link;
  int key;
};

struct urcu_lfht {
  struct cds_lfht* table;
};

// The identity: with one bucket, keys are ordered by their bit-reversed value, so 1 and 3 sit
// next to each other and 2 before them.
static unsigned long hash_of(int key) { return (unsigned long)key; }

static int match(struct cds_lfht_node* link, const void* key) {
  const struct lfht_node* n = caa_container_of(link, struct lfht_node, link);
  return n->key == *(const int*)key;
}

struct urcu_lfht* urcu_lfht_new(void) {
  struct urcu_lfht* s = malloc(sizeof *s);
  // max_nr_buckets 0 selects the order allocator (calloc'd bucket tables) over the mmap one.
  s->table = cds_lfht_new_flavor(1, 1, 0, 0, &urcu_mb_flavor, NULL);
  return s;
}

void urcu_lfht_free(struct urcu_lfht* s) {
  struct cds_lfht_iter iter;
  struct lfht_node* n;
  // No reader is left, so nodes can be freed as soon as they are unlinked.
  cds_lfht_for_each_entry(s->table, &iter, n, link) {
    cds_lfht_del(s->table, &n->link);
    free(n);
  }
  cds_lfht_destroy(s->table, NULL);
  free(s);
}

void urcu_lfht_register_thread(void) { urcu_mb_register_thread(); }

void urcu_lfht_unregister_thread(void) { urcu_mb_unregister_thread(); }

bool urcu_lfht_insert(struct urcu_lfht* s, int key) {
  struct lfht_node* n = malloc(sizeof *n);
  cds_lfht_node_init(&n->link);
  n->key = key;
  urcu_mb_read_lock();
  struct cds_lfht_node* in_table =
      cds_lfht_add_unique(s->table, hash_of(key), match, &key, &n->link);
  urcu_mb_read_unlock();
  if (in_table == &n->link) return true;
  free(n);
  return false;
}

// Deletes `key` and frees its node, after a grace period if `wait` (see urcu_lfht.h).
static bool erase(struct urcu_lfht* s, int key, bool wait) {
  struct cds_lfht_iter iter;
  urcu_mb_read_lock();
  cds_lfht_lookup(s->table, hash_of(key), match, &key, &iter);
  struct cds_lfht_node* link = cds_lfht_iter_get_node(&iter);
  bool deleted = link != NULL && cds_lfht_del(s->table, link) == 0;
  urcu_mb_read_unlock();
  if (!deleted) return false;
  if (wait) urcu_mb_synchronize_rcu();
  free(caa_container_of(link, struct lfht_node, link));
  return true;
}

bool urcu_lfht_erase(struct urcu_lfht* s, int key) { return erase(s, key, true); }

bool urcu_lfht_erase_at_once(struct urcu_lfht* s, int key) { return erase(s, key, false); }

bool urcu_lfht_contains(struct urcu_lfht* s, int key) {
  struct cds_lfht_iter iter;
  urcu_mb_read_lock();
  cds_lfht_lookup(s->table, hash_of(key), match, &key, &iter);
  bool found = cds_lfht_iter_get_node(&iter) != NULL;
  urcu_mb_read_unlock();
  return found;
}
