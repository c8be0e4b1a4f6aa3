// xenium's ramalhete_queue with hazard pointers: a pop reclaims a node the tail still names.
//
// The program runs the interleaving of docs/reproducers/ramalhete_queue.md step by step on one
// thread, each "thread" a function that performs the steps of xenium 0.0.2's push and try_pop
// (ramalhete_queue.hpp) and of hazard_pointer's protect and scan (reclamation/impl/
// hazard_pointer.hpp) that the interleaving needs, with the library's line numbers. Every step
// is what a sequentially consistent execution does, so no memory-model argument is needed.
// Built with -fsanitize=address it stops at T1's fetch_add with heap-use-after-free:
//   g++ -std=c++17 -g -fsanitize=address ramalhete_queue_uaf.cpp && ./a.out
#include <atomic>
#include <cstdio>

namespace {

constexpr unsigned kStep = 11;                  // step_size
constexpr unsigned kEntries = 2;                // entries_per_node<2>
constexpr unsigned kMaxIdx = kStep * kEntries;  // max_idx

struct Node {
  std::atomic<unsigned> pop_idx{0};
  std::atomic<int*> entries[kEntries];
  std::atomic<unsigned> push_idx{kStep};
  std::atomic<Node*> next{nullptr};
  explicit Node(int* item) {  // "Start with the first entry pre-filled"
    entries[0].store(item);
    for (unsigned i = 1; i < kEntries; ++i) entries[i].store(nullptr);
  }
};

std::atomic<Node*> head, tail;
std::atomic<Node*> hazard[3];  // one hazard pointer per thread (T0, T1, T2)
int one = 1;

// guard_ptr::acquire (hazard_pointer.hpp:86-107): load, publish, seq_cst fence, re-load.
Node* protect(int t, std::atomic<Node*>& src) {
  for (;;) {
    Node* p = src.load();
    hazard[t].store(p);                                   // set_object, :176
    std::atomic_thread_fence(std::memory_order_seq_cst);  // :184
    if (src.load() == p) return p;
  }
}

// A push by T2 that fills node A (two entries) and then finds it full: it links a new node B
// as A's next (:201) and stops before it moves the tail (:206).
Node* a;
Node* b;
void t2_pushes_until_before_tail_cas() {
  for (int i = 0; i < 2; ++i) {  // push(1) twice: entries 0 and 1 of A
    Node* t = protect(2, tail);
    unsigned idx = t->push_idx.fetch_add(kStep);  // :187
    int* expected = nullptr;
    t->entries[idx % kEntries].compare_exchange_strong(expected, &one);  // :227
    hazard[2].store(nullptr);
  }
  Node* t = protect(2, tail);                     // third push(1)
  unsigned idx = t->push_idx.fetch_add(kStep);    // 22: >= max_idx, A is full
  if (idx < kMaxIdx || t != tail.load()) return;  // :188-191
  Node* expected = nullptr;
  b = new Node(&one);
  t->next.compare_exchange_strong(expected, b);  // :201: A -> B; the tail is still A
}
void t2_moves_tail_and_returns() {
  Node* expected = a;
  tail.compare_exchange_strong(expected, b);  // :206
  hazard[2].store(nullptr);                   // the guard is released as push returns
}

// Three pops by T0: two take A's values, the third finds A drained, moves the head to B and
// retires A (:256-269) although the tail still names A.
Node* retired = nullptr;
void t0_pops() {
  for (int popped = 0; popped < 3;) {
    Node* h = protect(0, head);
    unsigned idx = h->pop_idx.fetch_add(kStep);  // :256
    if (idx >= kMaxIdx) {
      Node* next = h->next.load();  // :260: B
      Node* expected = h;
      if (head.compare_exchange_strong(expected, next)) retired = h;  // :266-267: h.reclaim()
      continue;
    }
    h->entries[idx % kEntries].load();  // :273
    ++popped;
  }
  hazard[0].store(nullptr);
}

// scan() (hazard_pointer.hpp:435-466): seq_cst fence, then each thread's hazard pointer in
// turn, then an acquire fence, then every retired node no hazard pointer names is deleted.
bool protected_by_t1 = false, protected_by_t2 = false;
void t0_scan_reads_t1() {
  std::atomic_thread_fence(std::memory_order_seq_cst);  // :441
  protected_by_t1 = hazard[1].load() == retired;        // T1 has published nothing yet
}
void t0_scan_reads_t2_and_reclaims() {
  protected_by_t2 = hazard[2].load() == retired;  // T2 has released its guard
  std::atomic_thread_fence(std::memory_order_acquire);
  if (!protected_by_t1 && !protected_by_t2) delete retired;  // reclaim_nodes, :477-491
}

// T1's push: it protects the tail (A: T2 has not moved it yet), and the protection validates.
Node* t1_node = nullptr;
void t1_protects_tail() { t1_node = protect(1, tail); }
void t1_fetch_add() {
  unsigned idx = t1_node->push_idx.fetch_add(kStep);  // :187, on the deleted A
  std::printf("T1's fetch_add returned %u\n", idx);
}

}  // namespace

int main() {
  a = new Node(nullptr);
  a->push_idx.store(0);  // the queue's constructor: an empty first node
  head.store(a);
  tail.store(a);

  t2_pushes_until_before_tail_cas();  // preemption 1: T2 between its next CAS and tail CAS
  t0_pops();
  t0_scan_reads_t1();               // preemption 2: T0 in the middle of its scan
  t1_protects_tail();               // preemption 3: T1 after its validation, before :187
  t2_moves_tail_and_returns();      // T2 runs to its end
  t0_scan_reads_t2_and_reclaims();  // T0 deletes A: no hazard pointer names it
  t1_fetch_add();                   // heap-use-after-free
  return 0;
}
