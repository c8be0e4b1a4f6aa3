// A Treiber stack reclaiming its nodes with hazard pointers (Michael, "Hazard Pointers: Safe
// Memory Reclamation for Lock-Free Objects", 2004): one hazard pointer per thread, a retired
// list per thread, and a scan that frees the retired nodes no hazard pointer holds once the
// list reaches a threshold. Two deliberate mistakes can be switched on, and the size of the
// hazard-pointer table and the threshold chosen; the seeded structures built on it say which
// and why it breaks.
#pragma once

#include <atomic>
#include <cstdlib>

#include "specs/model.h"

namespace lineup::seeded {

struct HazardStackConfig {
  /// Hazard-pointer slots, one per thread, handed out in the order threads first call.
  int slots = 3;
  /// A thread scans its retired list when it holds this many nodes. Michael's R = H + 1
  /// with H = 3 hazard pointers is 4; 1 scans at every retire.
  int threshold = 4;
  /// pop() publishes its hazard pointer on the top it read but does not read top again to
  /// check that the node was still in the stack when it became protected.
  bool no_revalidate = false;
  /// A thread beyond `slots` is given slot (its number modulo `slots`), shared with an
  /// earlier thread, instead of being refused.
  bool wrap_slots = false;
};

template <HazardStackConfig kConfig>
class HazardStack {
 public:
  ~HazardStack() {
    delete_list(top_.load(), &Node::next);
    for (Slot& s : slots_) delete_list(s.retired.load(), &Node::retired_next);
  }
  void push(int v) {
    Node* n = new Node;
    n->value.store(v);
    Node* t = top_.load();
    do {
      n->next.store(t);
    } while (!top_.compare_exchange_weak(t, n));
  }
  int pop() {
    Slot& me = my_slot();
    Node* t = nullptr;
    for (;;) {
      t = top_.load();
      if (t == nullptr) return specs::kEmpty;
      me.hazard.store(t);
      // Protected only if t was still the top after the hazard pointer was published: a
      // scan that started later sees it. Without the check, t may have been popped and
      // freed between the read of top and the publication.
      if (!kConfig.no_revalidate && top_.load() != t) continue;
      Node* next = t->next.load();
      if (top_.compare_exchange_strong(t, next)) break;
    }
    int v = t->value.load();  // ours: unlinked by our compare-exchange, retired below
    me.hazard.store(nullptr);
    retire(me, t);
    return v;
  }

 private:
  struct Node {
    std::atomic<int> value{0};
    std::atomic<Node*> next{nullptr};
    std::atomic<Node*> retired_next{nullptr};  // not next: readers may still follow next
  };
  struct Slot {
    std::atomic<Node*> hazard{nullptr};
    std::atomic<Node*> retired{nullptr};
    std::atomic<int> retired_count{0};
  };

  // The calling thread's slot, taken at its first call (thread-locals start afresh in every
  // execution, and a structure lives for one execution).
  Slot& my_slot() {
    thread_local const HazardStack* owner = nullptr;
    thread_local int index = 0;
    if (owner != this) {
      int i = next_slot_.fetch_add(1);
      if (i >= kConfig.slots) {
        if (!kConfig.wrap_slots) std::abort();  // more threads than hazard pointers
        i %= kConfig.slots;                     // the bug: shares another thread's slot
      }
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
      for (Slot& s : slots_) hazardous = hazardous || s.hazard.load() == n;
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

  std::atomic<Node*> top_{nullptr};
  std::atomic<int> next_slot_{0};
  Slot slots_[kConfig.slots];
};

}  // namespace lineup::seeded
