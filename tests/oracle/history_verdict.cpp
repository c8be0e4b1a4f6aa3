#include "history_verdict.h"

#include <algorithm>
#include <deque>
#include <map>
#include <numeric>
#include <set>

namespace oracle {
namespace {

// Whether `order` gives every call its result on an empty container.
bool legal(Container container, const std::vector<HistoryCall>& calls,
           const std::vector<int>& order) {
  std::deque<int> items;
  for (int i : order) {
    const HistoryCall& c = calls[static_cast<size_t>(i)];
    if (c.op == 0) {
      if (c.result != 1) return false;
      items.push_back(c.arg);
      continue;
    }
    int got = kPopEmpty;
    if (!items.empty()) {
      if (container == Container::kQueue) {
        got = items.front();
        items.pop_front();
      } else {
        got = items.back();
        items.pop_back();
      }
    }
    if (got != c.result) return false;
  }
  return true;
}

bool keeps(const std::vector<int>& order, const Before& before) {
  uint64_t done = 0;
  for (int i : order) {
    if ((before[static_cast<size_t>(i)] & ~done) != 0) return false;
    done |= uint64_t{1} << i;
  }
  return true;
}

bool writes(const MemStep& s) { return s.kind == MemStep::kWrite || s.kind == MemStep::kRmw; }

struct Event {
  int call;       // flat call index
  int kind;       // 0 invocation, 1 step, 2 response
  int step = -1;  // kind 1: index among the thread's steps
};

class Enumerator {
 public:
  explicit Enumerator(const History& h) : h_(h) {
    int flat = 0;
    for (const auto& calls : h.threads) {
      std::vector<Event> ev;
      std::vector<MemStep> steps;
      for (const HistoryCall& c : calls) {
        ev.push_back({flat, 0});
        for (const MemStep& s : c.steps) {
          ev.push_back({flat, 1, static_cast<int>(steps.size())});
          steps.push_back(s);
        }
        ev.push_back({flat, 2});
        ++flat;
      }
      events_.push_back(ev);
      steps_.push_back(steps);
    }
    calls_ = flat;
    // Recorded position of each step, and the earlier steps of other threads it depends on.
    std::vector<std::vector<int>> position(h.threads.size());
    std::vector<int> seen(h.threads.size(), 0);
    std::vector<std::pair<int, int>> by_position;  // (thread, index) in recorded order
    for (int t : h.order) {
      position[static_cast<size_t>(t)].push_back(static_cast<int>(by_position.size()));
      by_position.push_back({t, seen[static_cast<size_t>(t)]++});
    }
    waits_.resize(h.threads.size());
    for (size_t t = 0; t < h.threads.size(); ++t) {
      for (size_t k = 0; k < steps_[t].size(); ++k) {
        std::vector<std::pair<int, int>> w;
        const MemStep& a = steps_[t][k];
        for (int p = 0; p < position[t][k]; ++p) {
          auto [u, m] = by_position[static_cast<size_t>(p)];
          if (u == static_cast<int>(t)) continue;  // program order covers the thread's own
          const MemStep& b = steps_[static_cast<size_t>(u)][static_cast<size_t>(m)];
          if (a.location == b.location && (writes(a) || writes(b))) w.push_back({u, m});
        }
        waits_[t].push_back(w);
      }
    }
  }

  std::vector<Before> run() {
    std::vector<int> pos(h_.threads.size(), 0);
    visit(pos, Before(static_cast<size_t>(calls_), 0), 0);
    return {results_.begin(), results_.end()};
  }

 private:
  // Steps of thread u done at event position pos[u].
  int steps_done(int u, const std::vector<int>& pos) const {
    int n = 0;
    for (int i = 0; i < pos[static_cast<size_t>(u)]; ++i) {
      n += events_[static_cast<size_t>(u)][static_cast<size_t>(i)].kind == 1;
    }
    return n;
  }

  bool can_take(size_t t, const std::vector<int>& pos) const {
    if (pos[t] == static_cast<int>(events_[t].size())) return false;
    const Event& e = events_[t][static_cast<size_t>(pos[t])];
    if (e.kind != 1) return true;  // invocations and responses are the thread's own business
    for (auto [u, m] : waits_[t][static_cast<size_t>(e.step)]) {
      if (steps_done(u, pos) <= m) return false;
    }
    return true;
  }

  void visit(std::vector<int>& pos, const Before& before, uint64_t responded) {
    if (!seen_.insert({pos, before}).second) return;
    bool any = false;
    for (size_t t = 0; t < pos.size(); ++t) {
      if (!can_take(t, pos)) continue;
      any = true;
      const Event& e = events_[t][static_cast<size_t>(pos[t])];
      Before next = before;
      uint64_t r = responded;
      if (e.kind == 0) next[static_cast<size_t>(e.call)] |= responded;
      if (e.kind == 2) r |= uint64_t{1} << e.call;
      ++pos[t];
      visit(pos, next, r);
      --pos[t];
    }
    if (!any) results_.insert(before);  // every event taken (dependencies never deadlock)
  }

  const History& h_;
  int calls_ = 0;
  std::vector<std::vector<Event>> events_;
  std::vector<std::vector<MemStep>> steps_;
  std::vector<std::vector<std::vector<std::pair<int, int>>>> waits_;  // [thread][step]
  std::set<std::pair<std::vector<int>, Before>> seen_;
  std::set<Before> results_;
};

}  // namespace

std::vector<HistoryCall> flat_calls(const History& history) {
  std::vector<HistoryCall> out;
  for (const auto& t : history.threads) out.insert(out.end(), t.begin(), t.end());
  return out;
}

bool classic_linearizable(Container container, const std::vector<HistoryCall>& calls,
                          const Before& before) {
  std::vector<int> order(calls.size());
  std::iota(order.begin(), order.end(), 0);
  do {
    if (keeps(order, before) && legal(container, calls, order)) return true;
  } while (std::next_permutation(order.begin(), order.end()));
  return false;
}

std::vector<Before> equivalent_real_time_orders(const History& history) {
  return Enumerator(history).run();
}

bool every_equivalent_linearizable(Container container, const History& history) {
  std::vector<HistoryCall> calls = flat_calls(history);
  for (const Before& b : equivalent_real_time_orders(history)) {
    if (!classic_linearizable(container, calls, b)) return false;
  }
  return true;
}

}  // namespace oracle
