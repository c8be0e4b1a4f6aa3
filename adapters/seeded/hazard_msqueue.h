// A Michael & Scott queue reclaiming its nodes with hazard pointers, as in Michael, "Hazard
// Pointers: Safe Memory Reclamation for Lock-Free Objects" (2004), which protects the queue
// with two hazard pointers per thread: one on the head (or tail) read, one on the head's
// successor. Each thread has a retired list and scans it, freeing the nodes no hazard pointer
// holds, when it reaches a threshold. Two deliberate mistakes can be switched on; the seeded
// structures built on them say why they break.
#pragma once

#include <atomic>
#include <cstdlib>

#include "specs/model.h"

namespace lineup::seeded {

struct HazardQueueConfig {
  /// Threads, each with two hazard pointers, handed out in the order threads first call.
  int threads = 3;
  /// A thread scans its retired list when it holds this many nodes.
  int threshold = 4;
  /// dequeue publishes its hazard pointer on head's successor but does not read head again to
  /// check that the successor was still in the queue when it became protected.
  bool no_revalidate = false;
  /// enqueue publishes its hazard pointer on the tail it read but does not read tail again to
  /// check that the node was still in the queue when it became protected.
  bool no_revalidate_tail = false;
};

template <HazardQueueConfig kConfig>
class HazardMsQueue {
 public:
  HazardMsQueue() {
    Node* dummy = new Node;
    head_.store(dummy);
    tail_.store(dummy);
  }
  ~HazardMsQueue() {
    delete_list(head_.load(), &Node::next);
    for (Slot& s : slots_) delete_list(s.retired.load(), &Node::retired_next);
  }
  void push(int v) {
    Slot& me = my_slot();
    Node* n = new Node;
    n->value.store(v);
    for (;;) {
      Node* t = tail_.load();
      me.hazard[0].store(t);
      // t was the tail, so not yet retired, when protected. Without the check, t may have
      // been dequeued, retired and freed since it was read.
      if (!kConfig.no_revalidate_tail && tail_.load() != t) continue;
      Node* next = t->next.load();
      if (tail_.load() != t) continue;
      if (next != nullptr) {
        tail_.compare_exchange_strong(t, next);
        continue;
      }
      Node* expected = nullptr;
      if (t->next.compare_exchange_strong(expected, n)) {
        tail_.compare_exchange_strong(t, n);
        break;
      }
    }
    me.hazard[0].store(nullptr);
  }
  int pop() {
    Slot& me = my_slot();
    Node* h = nullptr;
    int v = 0;
    for (;;) {
      h = head_.load();
      me.hazard[0].store(h);
      if (head_.load() != h) continue;
      Node* t = tail_.load();
      Node* next = h->next.load();
      me.hazard[1].store(next);
      // next is protected only if h was still the head after the publication: then next was
      // still h's successor in the queue, not yet dequeued, so not yet retired, and a scan
      // that started later sees the hazard pointer. Without the check, next may have been
      // dequeued, retired and freed since it was read.
      if (!kConfig.no_revalidate && head_.load() != h) continue;
      if (next == nullptr) {  // h was the head and the last node: empty
        me.hazard[0].store(nullptr);
        me.hazard[1].store(nullptr);
        return specs::kEmpty;
      }
      if (h == t) {
        tail_.compare_exchange_strong(t, next);
        continue;
      }
      v = next->value.load();
      if (head_.compare_exchange_strong(h, next)) break;
    }
    me.hazard[0].store(nullptr);
    me.hazard[1].store(nullptr);
    retire(me, h);  // unlinked by our compare-exchange
    return v;
  }

 private:
  struct Node {
    std::atomic<int> value{0};
    std::atomic<Node*> next{nullptr};
    std::atomic<Node*> retired_next{nullptr};  // not next: readers may still follow next
  };
  struct Slot {
    std::atomic<Node*> hazard[2] = {nullptr, nullptr};
    std::atomic<Node*> retired{nullptr};
    std::atomic<int> retired_count{0};
  };

  // The calling thread's slot, taken at its first call (thread-locals start afresh in every
  // execution, and a structure lives for one execution).
  Slot& my_slot() {
    thread_local const HazardMsQueue* owner = nullptr;
    thread_local int index = 0;
    if (owner != this) {
      int i = next_slot_.fetch_add(1);
      if (i >= kConfig.threads) std::abort();  // more threads than hazard pointers
      owner = this;
      index = i;
    }
    return slots_[index];
  }

  void retire(Slot& me, Node* n) {
    Node* r = me.retired.load();
    do {
      n->retired_next.store(r);
    } while (!me.retired.compare_exchange_weak(r, n));
    if (me.retired_count.fetch_add(1) + 1 >= kConfig.threshold) scan(me);
  }
  // Frees the retired nodes no hazard pointer holds; keeps the others for a later scan.
  void scan(Slot& me) {
    Node* list = me.retired.exchange(nullptr);
    me.retired_count.store(0);
    while (list != nullptr) {
      Node* n = list;
      list = n->retired_next.load();
      bool hazardous = false;
      for (Slot& s : slots_) {
        for (std::atomic<Node*>& hp : s.hazard) hazardous = hazardous || hp.load() == n;
      }
      if (!hazardous) {
        delete n;
        continue;
      }
      Node* r = me.retired.load();
      do {
        n->retired_next.store(r);
      } while (!me.retired.compare_exchange_weak(r, n));
      me.retired_count.fetch_add(1);
    }
  }
  static void delete_list(Node* n, std::atomic<Node*> Node::*link) {
    while (n != nullptr) {
      Node* next = (n->*link).load();
      delete n;
      n = next;
    }
  }

  std::atomic<Node*> head_, tail_;
  std::atomic<int> next_slot_{0};
  Slot slots_[kConfig.threads];
};

}  // namespace lineup::seeded
