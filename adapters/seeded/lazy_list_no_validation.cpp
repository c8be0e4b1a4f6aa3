// Seeded bug (missing validation): the lazy list-based set of Heller et al. without its
// validation step. Searches run without locks; insert and erase then lock the two nodes they
// change, and must check that pred is still unmarked and still points at curr before acting.
// This one does not.
//
// Shortest case found and shrunk by the hunt: T0: insert(2) | T1: insert(2). T0 searches
// (pred = head, curr = tail) and is preempted; T1 inserts 2 between head and tail; T0 locks
// head and tail, does not notice that head no longer points at tail, and links a second 2:
// both inserts return true. One preemption, two threads. Without validation an erase can
// likewise unlink a node behind a removed one, losing a concurrent insert.
#include <atomic>
#include <climits>
#include <mutex>
#include <vector>

#include "specs/structure.h"

namespace {

class LazyList {
 public:
  LazyList() : tail_(new Node(INT_MAX, nullptr)), head_(new Node(INT_MIN, tail_)) {}
  ~LazyList() {
    for (Node* n = head_; n != nullptr;) {
      Node* next = n->next.load();
      delete n;
      n = next;
    }
    for (Node* n : removed_) delete n;
  }
  bool insert(int key) {
    auto [pred, curr] = find(key);
    std::lock_guard<std::mutex> a(pred->lock), b(curr->lock);
    // Missing: if (pred->marked || curr->marked || pred->next != curr) retry;
    if (curr->key == key) return false;
    pred->next.store(new Node(key, curr));
    return true;
  }
  bool erase(int key) {
    auto [pred, curr] = find(key);
    std::lock_guard<std::mutex> a(pred->lock), b(curr->lock);
    // Missing: the same validation.
    if (curr->key != key) return false;
    curr->marked.store(true);
    pred->next.store(curr->next.load());
    std::lock_guard<std::mutex> r(removed_lock_);
    removed_.push_back(curr);  // freed with the list: searches may still be reading it
    return true;
  }
  bool contains(int key) {
    Node* curr = head_;
    while (curr->key < key) curr = curr->next.load();
    return curr->key == key && !curr->marked.load();
  }

 private:
  struct Node {
    Node(int k, Node* n) : key(k), next(n) {}
    const int key;
    std::atomic<Node*> next;
    std::atomic<bool> marked{false};
    std::mutex lock;
  };
  std::pair<Node*, Node*> find(int key) {
    Node* pred = head_;
    Node* curr = pred->next.load();
    while (curr->key < key) {
      pred = curr;
      curr = curr->next.load();
    }
    return {pred, curr};
  }
  Node* tail_;
  Node* head_;
  std::mutex removed_lock_;
  std::vector<Node*> removed_;
};

LINEUP_REGISTER(lineup::specs::Structure<LazyList>("seeded/lazy-list-no-validation",
                                                   lineup::specs::set_model())
                    .describe("lazy list set that acts on locked nodes without validating them")
                    .origin("seeded")
                    .operation("insert", [](LazyList& s, int v) { return s.insert(v) ? 1 : 0; })
                    .operation("erase", [](LazyList& s, int v) { return s.erase(v) ? 1 : 0; })
                    .operation("contains", [](LazyList& s, int v) { return s.contains(v) ? 1 : 0; })
                    .arguments({1, 2}));

}  // namespace
