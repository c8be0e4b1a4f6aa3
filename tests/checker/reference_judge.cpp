#include "tests/checker/reference_judge.h"

#include <algorithm>
#include <set>
#include <tuple>

namespace lineup::reference {
namespace {

using checker::CallRecord;
using checker::Precedence;
using engine::CallSpan;
using engine::Trace;

struct Search {
  const specs::Model& model;
  const std::vector<CallRecord>& calls;
  const Precedence& precedes;
  std::set<std::pair<uint64_t, specs::State>> dead;
  std::vector<int> order;

  bool extend(uint64_t done, const specs::State& state) {
    uint64_t all = calls.size() == 64 ? ~uint64_t{0} : (uint64_t{1} << calls.size()) - 1;
    if (done == all) return true;
    if (dead.count({done, state})) return false;
    for (size_t c = 0; c < calls.size(); ++c) {
      uint64_t bit = uint64_t{1} << c;
      if ((done & bit) || (precedes[c] & ~done)) continue;
      specs::State next = state;
      if (!model.accepts(next, calls[c].operation, calls[c].result)) continue;
      order.push_back(static_cast<int>(c));
      if (extend(done | bit, next)) return true;
      order.pop_back();
    }
    dead.insert({done, state});
    return false;
  }
};

// Position of a call boundary in one interleaving: gap, then thread and program order.
using Position = std::tuple<size_t, int, int>;

Position invocation(const CallSpan& c) { return {c.first_step, c.thread, 2 * c.index_in_thread}; }
Position response(const CallSpan& c) { return {c.end_step, c.thread, 2 * c.index_in_thread + 1}; }

struct Event {
  int call;
  bool response;
  uint32_t steps_before;
};

struct Enumeration {
  int threads;
  std::vector<std::vector<Event>> events;
  std::vector<std::vector<std::vector<uint32_t>>> need;
  size_t calls = 0;
  std::map<std::vector<uint32_t>, std::set<Precedence>> memo;

  bool available(int q, const std::vector<uint32_t>& pos) const {
    if (pos[q] == events[q].size()) return false;
    for (int p = 0; p < threads; ++p) {
      if (p != q && pos[p] < need[q][pos[q]][p]) return false;
    }
    return true;
  }
  void respond(std::vector<uint32_t>& pos) const {
    for (bool progress = true; progress;) {
      progress = false;
      for (int q = 0; q < threads; ++q) {
        while (available(q, pos) && events[q][pos[q]].response) {
          ++pos[q];
          progress = true;
        }
      }
    }
  }
  uint64_t responded(const std::vector<uint32_t>& pos) const {
    uint64_t out = 0;
    for (int q = 0; q < threads; ++q) {
      for (uint32_t i = 0; i < pos[q]; ++i) {
        if (events[q][i].response) out |= uint64_t{1} << events[q][i].call;
      }
    }
    return out;
  }
  const std::set<Precedence>& from(std::vector<uint32_t> pos) {
    respond(pos);
    if (auto it = memo.find(pos); it != memo.end()) return it->second;
    std::set<Precedence> out;
    uint64_t done = responded(pos);
    for (int q = 0; q < threads; ++q) {
      if (!available(q, pos)) continue;
      const Event& e = events[q][pos[q]];
      std::vector<uint32_t> next = pos;
      ++next[q];
      for (Precedence rest : from(next)) {
        rest[e.call] |= done;
        out.insert(std::move(rest));
      }
    }
    if (out.empty()) out.insert(Precedence(calls, 0));
    return memo[pos] = std::move(out);
  }
};

bool some_order_respects(const std::vector<std::vector<int>>& orders, const Precedence& precedes) {
  for (const std::vector<int>& order : orders) {
    uint64_t done = 0;
    bool ok = true;
    for (int c : order) {
      if (precedes[static_cast<size_t>(c)] & ~done) {
        ok = false;
        break;
      }
      done |= uint64_t{1} << c;
    }
    if (ok) return true;
  }
  return false;
}

}  // namespace

std::optional<std::vector<int>> linearize(const specs::Model& model,
                                          const std::vector<CallRecord>& calls,
                                          const Precedence& precedes, const specs::State& initial) {
  Search s{model, calls, precedes, {}, {}};
  if (s.extend(0, initial)) return s.order;
  return std::nullopt;
}

Precedence real_time_precedence(const Trace& trace) {
  const std::vector<CallSpan>& calls = trace.calls;
  Precedence p(calls.size(), 0);
  for (size_t y = 0; y < calls.size(); ++y) {
    for (size_t x = 0; x < calls.size(); ++x) {
      if (x != y && response(calls[x]) < invocation(calls[y])) p[y] |= uint64_t{1} << x;
    }
  }
  return p;
}

std::vector<Precedence> equivalent_precedences(const Trace& trace, int threads,
                                               const engine::HappensBefore& hb) {
  std::vector<std::vector<uint32_t>> steps_of(static_cast<size_t>(threads));
  for (size_t i = 0; i < trace.steps.size(); ++i) {
    steps_of[static_cast<size_t>(trace.steps[i].thread)].push_back(static_cast<uint32_t>(i));
  }
  auto steps_before = [&](int t, size_t gap) {
    const std::vector<uint32_t>& s = steps_of[static_cast<size_t>(t)];
    return static_cast<uint32_t>(std::lower_bound(s.begin(), s.end(), gap) - s.begin());
  };
  Enumeration en{threads,
                 std::vector<std::vector<Event>>(static_cast<size_t>(threads)),
                 {},
                 trace.calls.size(),
                 {}};
  for (size_t c = 0; c < trace.calls.size(); ++c) {
    const CallSpan& span = trace.calls[c];
    auto& ev = en.events[static_cast<size_t>(span.thread)];
    ev.push_back({static_cast<int>(c), false, steps_before(span.thread, span.first_step)});
    ev.push_back({static_cast<int>(c), true, steps_before(span.thread, span.end_step)});
  }
  en.need.resize(static_cast<size_t>(threads));
  for (int q = 0; q < threads; ++q) {
    for (const Event& e : en.events[static_cast<size_t>(q)]) {
      std::vector<uint32_t> need(static_cast<size_t>(threads), 0);
      if (e.steps_before > 0) {
        const uint32_t* clock = hb.clock(steps_of[static_cast<size_t>(q)][e.steps_before - 1]);
        for (int p = 0; p < threads; ++p) {
          if (p == q) continue;
          uint32_t n = 0;
          for (const Event& f : en.events[static_cast<size_t>(p)]) n += f.steps_before < clock[p];
          need[static_cast<size_t>(p)] = n;
        }
      }
      en.need[static_cast<size_t>(q)].push_back(std::move(need));
    }
  }
  const std::set<Precedence>& relations = en.from(std::vector<uint32_t>(threads, 0));
  return {relations.begin(), relations.end()};
}

ReferenceJudge::ReferenceJudge(
    const specs::Model& model, const specs::TestProgram& program,
    const std::map<std::vector<int>, std::vector<std::vector<int>>>* serial, bool dependency_aware)
    : model_(model), program_(program), serial_(serial), dependency_aware_(dependency_aware) {}

bool ReferenceJudge::judge(const std::vector<int>& results, const Trace& trace,
                           const engine::HappensBefore& hb) {
  if (serial_ == nullptr) {
    specs::State state = model_.initial();
    for (size_t i = 0; i < program_.init.size(); ++i) {
      if (model_.apply(state, program_.init[i]) != results[program_.calls() + i]) return false;
    }
  }
  std::vector<CallRecord> calls(program_.calls());
  std::vector<size_t> flat(trace.calls.size());
  for (size_t c = 0; c < trace.calls.size(); ++c) {
    const CallSpan& s = trace.calls[c];
    flat[c] = program_.flat(s.thread, s.index_in_thread);
    calls[flat[c]] = {
        s.thread,
        program_.threads[static_cast<size_t>(s.thread)][static_cast<size_t>(s.index_in_thread)],
        results[flat[c]]};
  }
  std::vector<Precedence> in_trace_order =
      dependency_aware_
          ? equivalent_precedences(trace, static_cast<int>(program_.threads.size()), hb)
          : std::vector<Precedence>{real_time_precedence(trace)};
  for (const Precedence& p : in_trace_order) {
    Precedence q(program_.calls(), 0);
    for (size_t y = 0; y < p.size(); ++y) {
      for (size_t x = 0; x < p.size(); ++x) {
        if ((p[y] >> x) & 1) q[flat[y]] |= uint64_t{1} << flat[x];
      }
    }
    if (!legal(calls, results, q)) return false;
  }
  return true;
}

bool ReferenceJudge::legal(const std::vector<CallRecord>& calls, const std::vector<int>& results,
                           const Precedence& precedes) {
  auto key = std::make_pair(results, precedes);
  if (auto it = verdicts_.find(key); it != verdicts_.end()) return it->second;
  bool ok;
  if (serial_ == nullptr) {
    specs::State state = model_.initial();
    for (const specs::Operation& op : program_.init) model_.apply(state, op);
    ok = linearize(model_, calls, precedes, state).has_value();
  } else {
    auto found = serial_->find(results);
    ok = found != serial_->end() && some_order_respects(found->second, precedes);
  }
  return verdicts_[key] = ok;
}

}  // namespace lineup::reference
