#include "history.h"

namespace oracle {

int History::calls() const {
  int n = 0;
  for (const auto& t : threads) n += static_cast<int>(t.size());
  return n;
}

rc::Gen<History> gen_history() {
  return rc::gen::exec([] {
    History h;
    int threads = *rc::gen::inRange(2, 4);
    int locations = *rc::gen::inRange(1, 3);
    h.threads.resize(static_cast<size_t>(threads));
    int calls = 0;
    std::vector<int> pushed;
    for (auto& t : h.threads) {
      int n = *rc::gen::inRange(1, 3);
      for (int i = 0; i < n && calls < 5; ++i, ++calls) {
        HistoryCall c;
        c.op = *rc::gen::inRange(0, 2);
        c.arg = c.op == 0 ? *rc::gen::inRange(1, 4) : 0;
        if (c.op == 0) pushed.push_back(c.arg);
        int steps = *rc::gen::inRange(0, 4);
        for (int s = 0; s < steps; ++s) {
          MemStep m;
          m.kind = static_cast<MemStep::Kind>(*rc::gen::inRange(0, 4));
          m.location = *rc::gen::inRange(0, locations);
          c.steps.push_back(m);
        }
        t.push_back(c);
      }
    }
    pushed.push_back(kPopEmpty);
    std::vector<int> steps_left;
    for (auto& t : h.threads) {
      int n = 0;
      for (HistoryCall& c : t) {
        c.result = c.op == 0 ? 1 : *rc::gen::elementOf(pushed);
        n += static_cast<int>(c.steps.size());
      }
      steps_left.push_back(n);
    }
    // The recorded order: a random interleaving of every thread's steps.
    for (;;) {
      std::vector<int> ready;
      for (size_t t = 0; t < steps_left.size(); ++t) {
        if (steps_left[t] > 0) ready.push_back(static_cast<int>(t));
      }
      if (ready.empty()) break;
      int t = *rc::gen::elementOf(ready);
      --steps_left[static_cast<size_t>(t)];
      h.order.push_back(t);
    }
    return h;
  });
}

std::string describe(const History& h) {
  static const char* kinds = "rwxc";
  std::string out;
  for (size_t t = 0; t < h.threads.size(); ++t) {
    out += (t ? " | T" : "T") + std::to_string(t) + ":";
    for (const HistoryCall& c : h.threads[t]) {
      out += c.op == 0 ? " push(" + std::to_string(c.arg) + ")->1" : " pop()->";
      if (c.op == 1) out += c.result == kPopEmpty ? "empty" : std::to_string(c.result);
      out += " [";
      for (const MemStep& s : c.steps)
        out += std::string(1, kinds[s.kind]) + std::to_string(s.location) + " ";
      out += "]";
    }
  }
  out += "; order";
  for (int t : h.order) out += " " + std::to_string(t);
  return out;
}

}  // namespace oracle
