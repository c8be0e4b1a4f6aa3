// Seeded bug (check-then-act): a set guarded by a mutex whose insert and erase check
// membership under one lock acquisition and act under another.
//
// T0 insert(1) checks (1 is absent), unlocks and is preempted; T1 insert(1) checks, inserts
// and returns true; T0 locks again and inserts: both inserts return true, which no order of
// two inserts of the same key explains. One preemption, two threads; the lock makes each
// step atomic, not the operation.
#include <mutex>
#include <set>

#include "specs/structure.h"

namespace {

class CheckThenActSet {
 public:
  bool insert(int v) {
    if (contains(v)) return false;
    std::lock_guard<std::mutex> lock(mutex_);  // the bug: a second, separate critical section
    items_.insert(v);
    return true;
  }
  bool erase(int v) {
    if (!contains(v)) return false;
    std::lock_guard<std::mutex> lock(mutex_);
    items_.erase(v);
    return true;
  }
  bool contains(int v) {
    std::lock_guard<std::mutex> lock(mutex_);
    return items_.count(v) != 0;
  }

 private:
  std::mutex mutex_;
  std::set<int> items_;
};

using S = CheckThenActSet;
LINEUP_REGISTER(
    lineup::specs::Structure<S>("seeded/check-then-act-set", lineup::specs::set_model())
        .describe("mutex-guarded set that checks and acts in separate critical sections")
        .origin("seeded")
        .operation("insert", [](S& s, int v) { return s.insert(v) ? 1 : 0; })
        .operation("erase", [](S& s, int v) { return s.erase(v) ? 1 : 0; })
        .operation("contains", [](S& s, int v) { return s.contains(v) ? 1 : 0; })
        .arguments({1, 2}));

}  // namespace
