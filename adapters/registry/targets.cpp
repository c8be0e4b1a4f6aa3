// Instrumented: the structures below run under the engine.
#include "adapters/registry/targets.h"

#include <atomic>
#include <boost/lockfree/queue.hpp>
#include <boost/lockfree/stack.hpp>

namespace lineup::adapters {
namespace {

using specs::kEmpty;

// A seeded bug: a linked queue that links a new node into the list before writing its
// value, so a concurrent pop can take the node and return the value it has not got yet.
class PublishBeforeWriteQueue {
 public:
  PublishBeforeWriteQueue() : head_(new Node), tail_(head_.load()) {}
  ~PublishBeforeWriteQueue() {
    for (Node* n = head_.load(); n != nullptr;) {
      Node* next = n->next.load();
      delete n;
      n = next;
    }
  }
  bool push(int v) {
    Node* n = new Node;
    Node* last = tail_.exchange(n);
    last->next.store(n);  // published here...
    n->value.store(v);    // ...but the value is written only now
    return true;
  }
  bool pop(int& v) {
    for (;;) {
      Node* first = head_.load();
      Node* next = first->next.load();
      if (next == nullptr) return false;
      if (head_.compare_exchange_strong(first, next)) {
        v = next->value.load();
        return true;  // `first` is leaked on purpose: no reclamation scheme here
      }
    }
  }

 private:
  struct Node {
    std::atomic<int> value{0};
    std::atomic<Node*> next{nullptr};
  };
  std::atomic<Node*> head_;
  std::atomic<Node*> tail_;
};

template <class S>
int push_op(S& s, int v) {
  return s.push(v) ? 1 : 0;
}

template <class S>
int pop_op(S& s, int) {
  int v;
  return s.pop(v) ? v : kEmpty;
}

template <class S>
specs::Target push_pop(std::string name, std::string description, const specs::Model& model,
                       S* (*make)()) {
  return specs::declare<S>(std::move(name), std::move(description), model, {1, 2, 3},
                           std::move(make), {&push_op<S>, &pop_op<S>});
}

}  // namespace

const std::vector<specs::Target>& targets() {
  static const std::vector<specs::Target> all = {
      push_pop<boost::lockfree::queue<int>>(
          "boost/queue", "boost::lockfree::queue<int> (capacity 16): push, pop",
          specs::queue_model(), [] { return new boost::lockfree::queue<int>(16); }),
      push_pop<boost::lockfree::stack<int>>(
          "boost/stack", "boost::lockfree::stack<int> (capacity 16): push, pop",
          specs::stack_model(), [] { return new boost::lockfree::stack<int>(16); }),
      push_pop<PublishBeforeWriteQueue>(
          "seeded/publish-before-write", "linked queue that links a node before writing its value",
          specs::queue_model(), [] { return new PublishBeforeWriteQueue(); }),
  };
  return all;
}

const specs::Target* find_target(const std::string& name) {
  for (const specs::Target& t : targets()) {
    if (t.name == name) return &t;
  }
  return nullptr;
}

}  // namespace lineup::adapters
