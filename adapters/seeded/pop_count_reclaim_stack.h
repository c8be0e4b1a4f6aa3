// A Treiber stack that frees popped nodes when no other thread is inside pop, by counting the
// threads in pop (the scheme of Williams' C++ Concurrency in Action). kRecheck = false leaves
// out the second check of the count before deleting the deferred nodes; the seeded structure
// built on it says why that breaks.
#pragma once

#include <atomic>

#include "specs/model.h"

namespace lineup::seeded {

template <bool kRecheck>
class PopCountReclaimStack {
 public:
  ~PopCountReclaimStack() {
    for (Node* list : {top_.load(), pending_.load()}) delete_list(list);
  }
  void push(int v) {
    Node* n = new Node{v, top_.load()};
    Node* t = n->next.load();
    while (!top_.compare_exchange_weak(t, n)) n->next.store(t);
  }
  int pop() {
    in_pop_.fetch_add(1);
    Node* old = top_.load();
    while (old != nullptr && !top_.compare_exchange_weak(old, old->next.load())) {
    }
    int v = old != nullptr ? old->value : specs::kEmpty;
    reclaim(old);
    return v;
  }

 private:
  struct Node {
    int value;
    std::atomic<Node*> next;
  };

  void reclaim(Node* old) {
    if (in_pop_.load() == 1) {
      Node* claimed = pending_.exchange(nullptr);
      if constexpr (kRecheck) {
        // Still alone: nobody can hold a claimed node. Otherwise a pop that entered since
        // the check above may be reading one of them: give them back.
        if (in_pop_.fetch_sub(1) == 1) {
          delete_list(claimed);
        } else if (claimed != nullptr) {
          Node* last = claimed;
          while (last->next.load() != nullptr) last = last->next.load();
          defer(claimed, last);
        }
      } else {
        in_pop_.fetch_sub(1);
        delete_list(claimed);  // the bug: a pop that entered since the check may hold one
      }
      delete old;  // safe: unlinked before the check, when no other pop could see it
    } else {
      if (old != nullptr) defer(old, old);
      in_pop_.fetch_sub(1);
    }
  }
  // Prepends the chain first..last to the pending list.
  void defer(Node* first, Node* last) {
    Node* p = pending_.load();
    do {
      last->next.store(p);
    } while (!pending_.compare_exchange_weak(p, first));
  }
  static void delete_list(Node* n) {
    while (n != nullptr) {
      Node* next = n->next.load();
      delete n;
      n = next;
    }
  }

  std::atomic<Node*> top_{nullptr};
  std::atomic<Node*> pending_{nullptr};
  std::atomic<int> in_pop_{0};
};

}  // namespace lineup::seeded
