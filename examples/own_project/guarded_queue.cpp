// The structure of the example project: a FIFO queue behind a mutex, declared for lineup.
#include <deque>
#include <mutex>

#include "specs/structure.h"

namespace {

// A queue whose every operation holds one lock: linearizable by construction.
class GuardedQueue {
 public:
  void push(int v) {
    std::lock_guard<std::mutex> lock(mutex_);
    items_.push_back(v);
  }
  bool pop(int& v) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (items_.empty()) return false;
    v = items_.front();
    items_.pop_front();
    return true;
  }

 private:
  std::mutex mutex_;
  std::deque<int> items_;
};

}  // namespace

using lineup::specs::Structure;

LINEUP_REGISTER(Structure<GuardedQueue>("own/guarded-queue", lineup::specs::queue_model())
                    .make([] { return new GuardedQueue; })
                    .operation("push",
                               [](GuardedQueue& q, int v) {
                                 q.push(v);
                                 return 1;
                               })
                    .operation("pop",
                               [](GuardedQueue& q, int) {
                                 int v;
                                 return q.pop(v) ? v : lineup::specs::kEmpty;
                               })
                    .describe("std::deque behind a std::mutex")
                    .origin("examples/own_project"));
