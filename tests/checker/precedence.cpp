#include "tests/checker/precedence.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

#include "engine/memory/happens_before.h"

namespace lineup::checker {
namespace {

using engine::CallSpan;
using engine::Trace;

// Position of a call boundary in one interleaving: the gap (step index) where it happens,
// then thread and program order to break ties between thread-local events of one gap.
using Position = std::tuple<size_t, int, int>;

Position invocation(const CallSpan& c) { return {c.first_step, c.thread, 2 * c.index_in_thread}; }
Position response(const CallSpan& c) { return {c.end_step, c.thread, 2 * c.index_in_thread + 1}; }

}  // namespace

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

namespace {

// A boundary event of a thread: the call it belongs to, whether it is the response, and how
// many of the thread's steps precede it in program order.
struct Event {
  int call;
  bool response;
  uint32_t steps_before;
};

struct Enumeration {
  int threads;
  std::vector<std::vector<Event>> events;                // per thread, program order
  std::vector<std::vector<std::vector<uint32_t>>> need;  // [thread][event][other thread]
  size_t calls = 0;
  // The relations the rest of an interleaving can add, from a position on: they depend only
  // on the position (which events are done), so each position is explored once.
  std::map<std::vector<uint32_t>, std::set<Precedence>> memo;

  bool available(int q, const std::vector<uint32_t>& pos) const {
    if (pos[q] == events[q].size()) return false;
    for (int p = 0; p < threads; ++p) {
      if (p != q && pos[p] < need[q][pos[q]][p]) return false;
    }
    return true;
  }
  // Responses as early as possible: each can only add precedence, never remove an option.
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

}  // namespace

std::vector<Precedence> equivalent_precedences(const Trace& trace, int threads) {
  engine::HappensBefore hb;
  hb.reset(threads);
  for (const engine::Transition& t : trace.steps) hb.add(t);
  return equivalent_precedences(trace, threads, hb);
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
  // An event e of thread q must follow event f of thread p when p's first step after f
  // happens before q's last step before e. The p-events forced before e form a prefix.
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

}  // namespace lineup::checker
