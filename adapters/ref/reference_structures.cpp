// Reference structures: standard containers behind one std::mutex, correct by construction.
// They check the harness end to end through the engine's lock support: a hunt over them must
// find nothing.
#include <deque>
#include <mutex>
#include <set>
#include <vector>

#include "specs/seen_calls.h"
#include "specs/structure.h"

namespace {

// libstdc++ keeps the links of its trees and lists out of line (built without lineup's
// instrumentation). The reference and seeded structures that use std::set and std::list touch
// them only under the structure's mutex, whose lock and unlock lineup sees, so no order of
// those accesses is left unexplored (docs/uninstrumented-calls.md).
constexpr const char* kUnderMutex =
    "links of a std::set or std::list touched only under the structure's mutex";
LINEUP_SEEN_CALL("std::_Rb_tree_insert_and_rebalance", kUnderMutex);
LINEUP_SEEN_CALL("std::_Rb_tree_rebalance_for_erase", kUnderMutex);
LINEUP_SEEN_CALL("std::_Rb_tree_increment", kUnderMutex);
LINEUP_SEEN_CALL("std::_Rb_tree_decrement", kUnderMutex);
LINEUP_SEEN_CALL("std::__detail::_List_node_base::_M_hook", kUnderMutex);
LINEUP_SEEN_CALL("std::__detail::_List_node_base::_M_unhook", kUnderMutex);

using lineup::specs::kEmpty;

template <class Container, bool kFifo>
class LockedPushPop {
 public:
  int push(int v) {
    std::lock_guard<std::mutex> lock(mutex_);
    items_.push_back(v);
    return 1;
  }
  int pop() {
    std::lock_guard<std::mutex> lock(mutex_);
    if (items_.empty()) return kEmpty;
    int v = kFifo ? items_.front() : items_.back();
    if constexpr (kFifo) {
      items_.pop_front();
    } else {
      items_.pop_back();
    }
    return v;
  }
  int empty() {
    std::lock_guard<std::mutex> lock(mutex_);
    return items_.empty() ? 1 : 0;
  }

 private:
  std::mutex mutex_;
  Container items_;
};

class LockedSet {
 public:
  int insert(int v) {
    std::lock_guard<std::mutex> lock(mutex_);
    return items_.insert(v).second ? 1 : 0;
  }
  int erase(int v) {
    std::lock_guard<std::mutex> lock(mutex_);
    return items_.erase(v) ? 1 : 0;
  }
  int contains(int v) {
    std::lock_guard<std::mutex> lock(mutex_);
    return items_.count(v) ? 1 : 0;
  }

 private:
  std::mutex mutex_;
  std::set<int> items_;
};

template <class S>
lineup::specs::Structure<S> push_pop_empty(std::string name, const lineup::specs::Model& model,
                                           std::string description) {
  return lineup::specs::Structure<S>(std::move(name), model)
      .describe(std::move(description))
      .origin("reference")
      .synchronizes_handoffs()  // the mutex orders every call after the one before it
      .operation("push", [](S& s, int v) { return s.push(v); })
      .operation("pop", [](S& s, int) { return s.pop(); })
      .operation("empty", [](S& s, int) { return s.empty(); });
}

using Queue = LockedPushPop<std::deque<int>, true>;
using Stack = LockedPushPop<std::vector<int>, false>;

LINEUP_REGISTER(push_pop_empty<Queue>("ref/queue", lineup::specs::queue_with_empty_model(),
                                      "std::deque behind a std::mutex: push, pop, empty"));
LINEUP_REGISTER(push_pop_empty<Stack>("ref/stack", lineup::specs::stack_with_empty_model(),
                                      "std::vector behind a std::mutex: push, pop, empty"));
LINEUP_REGISTER(lineup::specs::Structure<LockedSet>("ref/set", lineup::specs::set_model())
                    .describe("std::set behind a std::mutex: insert, erase, contains")
                    .origin("reference")
                    .synchronizes_handoffs()
                    .operation("insert", [](LockedSet& s, int v) { return s.insert(v); })
                    .operation("erase", [](LockedSet& s, int v) { return s.erase(v); })
                    .operation("contains", [](LockedSet& s, int v) { return s.contains(v); }));

}  // namespace
