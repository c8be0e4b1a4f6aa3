#include "interleavings.h"

#include <algorithm>

namespace oracle {
namespace {

struct ThreadState {
  int op = 0;          // index of the current operation
  int phase = 0;       // kWait: 0 read, 1 release and wait, 2 wake, 3 take the mutex again
  int tries = 0;       // kSpin: reads so far minus one
  int pending = 0;     // kWait: the value read, recorded when the wait completes
  int wait_seq = 0;    // kWait: order among waiters
  bool woken = false;  // kWait phase 2: notified
  std::vector<int> reads;
};

struct State {
  std::vector<int> cells;
  int owner[kMutexes] = {-1, -1};
  int next_seq = 0;
  std::vector<ThreadState> threads;
};

class Interpreter {
 public:
  explicit Interpreter(const Program& p) : program_(p) {}

  std::map<Outcome, int> run() {
    State s;
    s.cells.assign(static_cast<size_t>(program_.cells), 0);
    s.threads.resize(program_.threads.size());
    explore(s, -1, 0);
    return outcomes_;
  }

 private:
  const Op* current(const State& s, int t) const {
    const auto& ops = program_.threads[static_cast<size_t>(t)];
    int i = s.threads[static_cast<size_t>(t)].op;
    return i < static_cast<int>(ops.size()) ? &ops[static_cast<size_t>(i)] : nullptr;
  }

  bool enabled(const State& s, int t) const {
    const Op* op = current(s, t);
    if (op == nullptr) return false;
    const ThreadState& ts = s.threads[static_cast<size_t>(t)];
    if (op->kind == Op::kLock) return s.owner[op->lock] == -1;
    if (op->kind == Op::kWait && ts.phase == 2) return ts.woken;
    if (op->kind == Op::kWait && ts.phase == 3) return s.owner[0] == -1;
    return true;
  }

  static void advance(ThreadState& ts) {
    ++ts.op;
    ts.phase = ts.tries = ts.pending = 0;
  }

  // Wakes the waiters a notify reaches: the longest-waiting one, or all.
  static void notify(State& s, bool all) {
    ThreadState* oldest = nullptr;
    for (ThreadState& w : s.threads) {
      if (w.phase != 2 || w.woken) continue;  // only kWait reaches phase 2
      if (all) {
        w.woken = true;
      } else if (oldest == nullptr || w.wait_seq < oldest->wait_seq) {
        oldest = &w;
      }
    }
    if (oldest != nullptr) oldest->woken = true;
  }

  void step(State& s, int t) const {
    const Op& op = *current(s, t);
    ThreadState& ts = s.threads[static_cast<size_t>(t)];
    int& cell = s.cells[static_cast<size_t>(op.cell)];
    switch (op.kind) {
      case Op::kLoad:
        ts.reads.push_back(cell);
        advance(ts);
        break;
      case Op::kStore:
        cell = op.value;
        advance(ts);
        break;
      case Op::kCas:
        ts.reads.push_back(cell);
        if (cell == op.expected) cell = op.value;
        advance(ts);
        break;
      case Op::kFetchAdd:
        ts.reads.push_back(cell);
        cell += op.value;
        advance(ts);
        break;
      case Op::kLock:
        s.owner[op.lock] = t;
        advance(ts);
        break;
      case Op::kUnlock:
        s.owner[op.lock] = -1;
        advance(ts);
        break;
      case Op::kWait:
        if (ts.phase == 0) {
          if (cell == op.value) {
            ts.reads.push_back(cell);
            advance(ts);
          } else {
            ts.pending = cell;
            ts.phase = 1;
          }
        } else if (ts.phase == 1) {
          s.owner[0] = -1;
          ts.wait_seq = ++s.next_seq;
          ts.woken = false;
          ts.phase = 2;
        } else if (ts.phase == 2) {
          ts.woken = false;
          ts.phase = 3;
        } else {
          s.owner[0] = t;
          ts.reads.push_back(ts.pending);
          advance(ts);
        }
        break;
      case Op::kNotifyOne:
      case Op::kNotifyAll:
        notify(s, op.kind == Op::kNotifyAll);
        advance(ts);
        break;
      case Op::kSpin:
        ts.reads.push_back(cell);
        if (cell == op.value || ts.tries == kSpinRetries) {
          advance(ts);
        } else {
          ++ts.tries;
        }
        break;
    }
  }

  // Everything the future of a state depends on, with the thread that ran last (it decides
  // which switches are preemptions).
  static std::vector<int> key(const State& s, int previous) {
    std::vector<int> k = s.cells;
    k.insert(k.end(), {s.owner[0], s.owner[1], s.next_seq, previous});
    for (const ThreadState& ts : s.threads) {
      k.insert(k.end(), {ts.op, ts.phase, ts.tries, ts.pending, ts.wait_seq, ts.woken ? 1 : 0,
                         static_cast<int>(ts.reads.size())});
      k.insert(k.end(), ts.reads.begin(), ts.reads.end());
    }
    return k;
  }

  void record(const State& s, bool deadlock, int preemptions) {
    std::vector<std::vector<int>> reads;
    for (const ThreadState& ts : s.threads) reads.push_back(ts.reads);
    Outcome o = make_outcome(deadlock, reads, s.cells);
    auto [it, fresh] = outcomes_.emplace(o, preemptions);
    if (!fresh) it->second = std::min(it->second, preemptions);
  }

  // Depth-first over every interleaving. A state reached again with no fewer preemptions
  // (and the same last thread) has nothing new to offer: every continuation from it was
  // already explored at a cost no higher.
  void explore(const State& s, int previous, int preemptions) {
    auto [it, fresh] = seen_.emplace(key(s, previous), preemptions);
    if (!fresh) {
      if (it->second <= preemptions) return;
      it->second = preemptions;
    }
    const int n = static_cast<int>(s.threads.size());
    bool unfinished = false, any = false;
    for (int t = 0; t < n; ++t) {
      unfinished |= current(s, t) != nullptr;
      if (!enabled(s, t)) continue;
      any = true;
      bool preempts = previous >= 0 && previous != t && enabled(s, previous);
      State next = s;
      step(next, t);
      explore(next, t, preemptions + (preempts ? 1 : 0));
    }
    if (!any) record(s, unfinished, preemptions);
  }

  const Program& program_;
  std::map<std::vector<int>, int> seen_;
  std::map<Outcome, int> outcomes_;
};

}  // namespace

Outcome make_outcome(bool deadlock, const std::vector<std::vector<int>>& reads,
                     const std::vector<int>& cells) {
  Outcome o = {deadlock ? 1 : 0};
  for (const auto& r : reads) {
    o.push_back(static_cast<int>(r.size()));
    o.insert(o.end(), r.begin(), r.end());
  }
  o.insert(o.end(), cells.begin(), cells.end());
  return o;
}

std::string describe(const Outcome& o, int threads) {
  std::string out = o.at(0) ? "deadlock;" : "completed;";
  size_t i = 1;
  for (int t = 0; t < threads; ++t) {
    out += " T" + std::to_string(t) + " reads";
    int n = o.at(i++);
    if (n == 0) out += " -";
    for (int k = 0; k < n; ++k) out += " " + std::to_string(o.at(i++));
    out += ";";
  }
  out += " cells";
  for (; i < o.size(); ++i) out += " " + std::to_string(o[i]);
  return out;
}

std::map<Outcome, int> reachable_outcomes(const Program& program) {
  return Interpreter(program).run();
}

}  // namespace oracle
