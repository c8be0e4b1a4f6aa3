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
// recycled after each execution). Each logical thread writes only its own row, so recording
// adds no dependency between threads (it would otherwise order every pair of calls and
// multiply the equivalence classes a strategy must explore). Row kTeardown is teardown's.
struct Ledger {
  static constexpr int kRows = 53, kTeardown = 52, kCapacity = 520;
  struct Row {
    std::array<int, kCapacity> added{}, removed{};
    int n_added = 0, n_removed = 0;
  };
  std::array<Row, kRows> rows{};

  void add(int thread, int v) {
    Row& r = rows[static_cast<size_t>(thread)];
    r.added[static_cast<size_t>(r.n_added++)] = v;
  }
  void remove(int thread, int v) {
    Row& r = rows[static_cast<size_t>(thread)];
    r.removed[static_cast<size_t>(r.n_removed++)] = v;
  }
  std::string check() const {
    std::vector<int> in, out;
    for (const Row& r : rows) {
      in.insert(in.end(), r.added.begin(), r.added.begin() + r.n_added);
      out.insert(out.end(), r.removed.begin(), r.removed.begin() + r.n_removed);
    }
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
    for (Ledger::Row& r : state->ledger.rows) r.n_added = r.n_removed = 0;
  };
  for (int t = 0; t < threads; ++t) {
    std::vector<engine::Call> thread;
    for (int c = 0; c < calls; ++c) {
      if (c % 2 == 0) {
        int v = 100 * (t + 1) + c;
        thread.push_back({"push(" + std::to_string(v) + ")", [state, t, v] {
                            if (state->structure->push(v)) state->ledger.add(t, v);
                          }});
      } else {
        thread.push_back({"pop()", [state, t] {
                            int v;
                            if (state->structure->pop(v)) state->ledger.remove(t, v);
                          }});
      }
    }
    sp.program.threads.push_back(std::move(thread));
  }
  sp.program.teardown = [state] {
    int v;
    while (state->structure->pop(v)) state->ledger.remove(Ledger::kTeardown, v);
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
