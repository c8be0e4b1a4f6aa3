// Instrumented: the structures' code runs under the engine.
#include "adapters/smoke/smoke_programs.h"

#include <algorithm>
#include <array>
#include <boost/lockfree/queue.hpp>
#include <boost/lockfree/stack.hpp>
#include <deque>
#include <memory>
#include <mutex>

namespace lineup::smoke {
namespace {

// Values observed by the calls of one execution, outside the execution heap (which is
// recycled after each execution) and claimed with an atomic index (calls run concurrently).
struct Ledger {
  std::array<int, 256> added{}, removed{};
  int n_added = 0, n_removed = 0;
  static void put(std::array<int, 256>& a, int& n, int v) {
    a[static_cast<size_t>(__atomic_fetch_add(&n, 1, __ATOMIC_SEQ_CST))] = v;
  }
  void add(int v) { put(added, n_added, v); }
  void remove(int v) { put(removed, n_removed, v); }
  std::string check() const {
    std::vector<int> in(added.begin(), added.begin() + n_added);
    std::vector<int> out(removed.begin(), removed.begin() + n_removed);
    std::sort(in.begin(), in.end());
    std::sort(out.begin(), out.end());
    if (in == out) return "";
    return "values pushed and values popped or left differ (" + std::to_string(in.size()) +
           " pushed, " + std::to_string(out.size()) + " taken)";
  }
};

// Builds a push/pop program: even calls push distinct values, odd calls pop; teardown drains.
template <class S>
SmokeProgram push_pop_program(int threads, int calls) {
  struct State {
    S* structure = nullptr;
    Ledger ledger;
  };
  auto state = std::make_shared<State>();
  SmokeProgram sp;
  sp.program.setup = [state] {
    state->structure = new S();
    state->ledger = Ledger{};
  };
  for (int t = 0; t < threads; ++t) {
    std::vector<engine::Call> thread;
    for (int c = 0; c < calls; ++c) {
      if (c % 2 == 0) {
        int v = 100 * (t + 1) + c;
        thread.push_back({"push(" + std::to_string(v) + ")", [state, v] {
                            if (state->structure->push(v)) state->ledger.add(v);
                          }});
      } else {
        thread.push_back({"pop()", [state] {
                            int v;
                            if (state->structure->pop(v)) state->ledger.remove(v);
                          }});
      }
    }
    sp.program.threads.push_back(std::move(thread));
  }
  sp.program.teardown = [state] {
    int v;
    while (state->structure->pop(v)) state->ledger.remove(v);
    delete state->structure;
  };
  sp.check = [state] { return state->ledger.check(); };
  return sp;
}

struct BoostQueue : boost::lockfree::queue<int> {
  BoostQueue() : boost::lockfree::queue<int>(16) {}
};

struct BoostStack : boost::lockfree::stack<int> {
  BoostStack() : boost::lockfree::stack<int>(16) {}
};

struct MutexQueue {
  std::mutex mutex;
  std::deque<int> items;
  bool push(int v) {
    std::lock_guard<std::mutex> g(mutex);
    items.push_back(v);
    return true;
  }
  bool pop(int& v) {
    std::lock_guard<std::mutex> g(mutex);
    if (items.empty()) return false;
    v = items.front();
    items.pop_front();
    return true;
  }
};

}  // namespace

const std::vector<SmokeStructure>& smoke_structures() {
  static const std::vector<SmokeStructure> all = {
      {"boost-queue", "boost::lockfree::queue<int>, push/pop", &push_pop_program<BoostQueue>},
      {"boost-stack", "boost::lockfree::stack<int>, push/pop", &push_pop_program<BoostStack>},
      {"mutex-queue", "std::deque<int> guarded by std::mutex, push/pop",
       &push_pop_program<MutexQueue>},
  };
  return all;
}

}  // namespace lineup::smoke
