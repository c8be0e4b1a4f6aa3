// The non-blocking queue of Michael & Scott (PODC 1996, figure 1) for GenMC, step for step as
// lineup's `verify/ms-queue` has it (adapters/verify/ms_queue.cpp on adapters/verify/node_pool.h):
// the same shared accesses in the same order, every one a seq_cst atomic load, store or
// compare-and-swap, so that GenMC's SC exploration and lineup's count the same executions.
// Every failed CAS is retried, as in the paper (GenMC's own ms-queue client is CDSChecker's
// variant, whose dequeue assumes its CAS succeeds).
//
// Head, Tail and each node's next are counted pointers: a node's index in the pool (0: null)
// in the low 32 bits, a modification count above. The pool is an array; node 1 is the dummy,
// each thread takes fresh nodes from a share of its own and recycles the nodes it freed from a
// free list only it touches (plain memory: allocation is no step another thread depends on).
//
// The client: CONFIG_QUEUE_WRITERS threads that each enqueue once, then CONFIG_QUEUE_READERS
// threads that each dequeue once, then CONFIG_QUEUE_RDWR threads that each enqueue and then
// dequeue, numbered 0, 1, ... in that order as lineup numbers the threads of a client; a thread
// enqueues its number + 1 (lineup's "push(1) | push(2) | pop() | pop()" is
// -DCONFIG_QUEUE_WRITERS=2 -DCONFIG_QUEUE_READERS=2 -DCONFIG_QUEUE_RDWR=0, its
// "push(1) pop() | push(2) pop()" is WRITERS=0 READERS=0 RDWR=2). main builds the queue before
// it starts the threads (lineup constructs the structure before its threads run), and after
// joining them asserts that no value was dequeued twice and every one dequeued was enqueued.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>

#ifndef CONFIG_QUEUE_WRITERS
#define CONFIG_QUEUE_WRITERS 1
#endif
#ifndef CONFIG_QUEUE_READERS
#define CONFIG_QUEUE_READERS 1
#endif
#ifndef CONFIG_QUEUE_RDWR
#define CONFIG_QUEUE_RDWR 0
#endif

#define WRITERS (CONFIG_QUEUE_WRITERS)
#define READERS (CONFIG_QUEUE_READERS)
#define RDWR (CONFIG_QUEUE_RDWR)
#define THREADS (WRITERS + READERS + RDWR)

#define MAX_THREADS 16  // shares of the pool
#define PER_THREAD 16   // fresh nodes in a share
#define FREE_CAPACITY 64
#define DUMMY 1     // the first node, the queue's dummy
#define EMPTY (-1)  // what a dequeue of an empty queue returns

typedef uint64_t counted_t;

static counted_t counted(uint32_t index, uint32_t count) { return ((uint64_t)count << 32) | index; }
static uint32_t index_of(counted_t p) { return (uint32_t)p; }
static uint32_t count_of(counted_t p) { return (uint32_t)(p >> 32); }

struct node {
  _Atomic uint64_t next;
  _Atomic int32_t value;
};

// A thread's allocation state, touched by that thread only.
struct local {
  uint32_t fresh;
  uint32_t free_count;
  uint32_t free[FREE_CAPACITY];
};

static struct node nodes[2 + MAX_THREADS * PER_THREAD];
static struct local locals[MAX_THREADS];
static _Atomic uint64_t head;
static _Atomic uint64_t tail;

// A node for thread `t`: one it freed earlier, else one of its own share; `*recycled` says
// which (a recycled node's next still holds its count).
static uint32_t take(int t, int* recycled) {
  struct local* l = &locals[t];
  *recycled = l->free_count > 0;
  if (*recycled) return l->free[--l->free_count];
  assert(l->fresh < PER_THREAD);
  return 2 + (uint32_t)t * PER_THREAD + l->fresh++;
}

// Frees `index` into thread `t`'s list.
static void give(int t, uint32_t index) {
  struct local* l = &locals[t];
  assert(l->free_count < FREE_CAPACITY);
  l->free[l->free_count++] = index;
}

static int cas(_Atomic uint64_t* word, uint64_t expected, uint64_t desired) {
  return atomic_compare_exchange_strong(word, &expected, desired);
}

static void init_queue(void) {
  atomic_store(&nodes[DUMMY].next, counted(0, 0));
  atomic_store(&head, counted(DUMMY, 0));
  atomic_store(&tail, counted(DUMMY, 0));
}

static void enqueue(int t, int32_t v) {
  int recycled = 0;
  const uint32_t node = take(t, &recycled);  // E1
  atomic_store(&nodes[node].value, v);       // E2
  const uint32_t count = recycled ? count_of(atomic_load(&nodes[node].next)) : 0;
  atomic_store(&nodes[node].next, counted(0, count));  // E3
  counted_t last;
  for (;;) {                                                          // E4
    last = atomic_load(&tail);                                        // E5
    const counted_t next = atomic_load(&nodes[index_of(last)].next);  // E6
    if (last != atomic_load(&tail)) continue;                         // E7
    if (index_of(next) == 0) {                                        // E8
      if (cas(&nodes[index_of(last)].next, next, counted(node, count_of(next) + 1)))
        break;  // E9, E10
    } else {
      cas(&tail, last, counted(index_of(next), count_of(last) + 1));  // E13
    }
  }
  cas(&tail, last, counted(node, count_of(last) + 1));  // E17
}

static int32_t dequeue(int t) {
  counted_t first;
  int32_t value = 0;
  for (;;) {                                                           // D1
    first = atomic_load(&head);                                        // D2
    const counted_t last = atomic_load(&tail);                         // D3
    const counted_t next = atomic_load(&nodes[index_of(first)].next);  // D4
    if (first != atomic_load(&head)) continue;                         // D5
    if (index_of(first) == index_of(last)) {                           // D6
      if (index_of(next) == 0) return EMPTY;                           // D7, D8
      cas(&tail, last, counted(index_of(next), count_of(last) + 1));   // D10
    } else {
      value = atomic_load(&nodes[index_of(next)].value);                           // D12
      if (cas(&head, first, counted(index_of(next), count_of(first) + 1))) break;  // D13, D14
    }
  }
  give(t, index_of(first));  // D19
  return value;
}

static int ids[THREADS];
static int32_t dequeued[THREADS];  // written by its thread, read by main after joining
static int seen[THREADS + 1];      // main's, once the threads are joined

static void* writer(void* arg) {
  const int t = *(int*)arg;
  enqueue(t, t + 1);
  return NULL;
}

static void* reader(void* arg) {
  const int t = *(int*)arg;
  dequeued[t] = dequeue(t);
  return NULL;
}

static void* rdwr(void* arg) {
  const int t = *(int*)arg;
  enqueue(t, t + 1);
  dequeued[t] = dequeue(t);
  return NULL;
}

int main(void) {
  pthread_t threads[THREADS];
  init_queue();
  for (int t = 0; t < THREADS; t++) {
    ids[t] = t;
    dequeued[t] = EMPTY;
    void* (*body)(void*) = t < WRITERS ? writer : t < WRITERS + READERS ? reader : rdwr;
    pthread_create(&threads[t], NULL, body, &ids[t]);
  }
  for (int t = 0; t < THREADS; t++) pthread_join(threads[t], NULL);

  // Each value dequeued was enqueued (by a writer or a rdwr thread), and only once.
  for (int t = 0; t < THREADS; t++) {
    const int32_t v = dequeued[t];
    if (v == EMPTY) continue;
    assert(v >= 1 && v <= THREADS);
    assert(v <= WRITERS || v > WRITERS + READERS);
    assert(!seen[v]);
    seen[v] = 1;
  }
  return 0;
}
