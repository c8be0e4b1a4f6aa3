#include "tests/checker/reference_judge.h"

#include <algorithm>
#include <functional>
#include <numeric>
#include <stdexcept>
#include <tuple>
#include <utility>

namespace lineup::reference {

// "a before b" over the calls of one execution (indices thread-major, at most 64).
class Relation {
 public:
  explicit Relation(size_t calls) : before_(calls, 0) {}
  bool before(size_t a, size_t b) const { return (before_[b] >> a) & 1; }
  void add(size_t a, size_t b) { before_[b] |= uint64_t{1} << a; }
  // Whether every pair of this relation is one of `other`'s too.
  bool within(const Relation& other) const {
    for (size_t b = 0; b < before_.size(); ++b) {
      if ((before_[b] & ~other.before_[b]) != 0) return false;
    }
    return true;
  }
  auto operator<=>(const Relation&) const = default;

 private:
  std::vector<uint64_t> before_;  // per call b, bit a for each call a before it
};

namespace {

// A call's invocation, just before its first step, or its response, just after its last.
struct Boundary {
  size_t call = 0;  // thread-major index
  bool response = false;
  size_t gap = 0;  // the trace index it sits before: its thread's steps below it come before it
};

// Per thread, its boundary events in program order: invocation, response, next invocation...
using Events = std::vector<std::vector<Boundary>>;

Events boundary_events(const specs::TestProgram& program, const engine::Trace& trace) {
  Events events(program.threads.size());
  for (size_t t = 0; t < events.size(); ++t) events[t].resize(2 * program.threads[t].size());
  for (const engine::CallSpan& span : trace.calls) {
    const size_t call = program.flat(span.thread, span.index_in_thread);
    std::vector<Boundary>& thread = events[static_cast<size_t>(span.thread)];
    const size_t first = 2 * static_cast<size_t>(span.index_in_thread);
    thread[first] = {call, false, span.first_step};
    thread[first + 1] = {call, true, span.end_step};
  }
  return events;
}

// The precedence relation of one sequence of every boundary event: a before b when a's
// response comes before b's invocation.
Relation relation_of(const std::vector<Boundary>& sequence, size_t calls) {
  Relation relation(calls);
  std::vector<size_t> responded;
  for (const Boundary& e : sequence) {
    if (e.response) {
      responded.push_back(e.call);
    } else {
      for (size_t a : responded) relation.add(a, e.call);
    }
  }
  return relation;
}

// Classic Line-Up: the events in the order they came in the interleaving that ran. Events in
// one gap (no step between them) come by thread, the lower first, then in program order: the
// trace does not order them, and this is the order the judge takes too.
std::vector<Boundary> interleaving(const Events& events) {
  std::vector<std::tuple<size_t, size_t, size_t>> keys;  // gap, thread, position in thread
  for (size_t t = 0; t < events.size(); ++t) {
    for (size_t i = 0; i < events[t].size(); ++i) keys.emplace_back(events[t][i].gap, t, i);
  }
  std::sort(keys.begin(), keys.end());
  std::vector<Boundary> sequence;
  for (const auto& [gap, t, i] : keys) sequence.push_back(events[t][i]);
  return sequence;
}

// forced[q][i]: the events (thread p, position j) of other threads that come before event i
// of thread q in every execution equivalent to the one traced. An execution is equivalent
// when it makes the same steps with the same happens-before, in any interleaving; a boundary
// event sits between two steps of its thread. So f of p comes first exactly when some step of
// p after f happens before some step of q before e, and, as a thread's steps are ordered
// among themselves, exactly when p's first step after f happens before q's last step before e.
using Forced = std::vector<std::vector<std::vector<std::pair<size_t, size_t>>>>;

Forced forced_orders(const Events& events, const engine::Trace& trace,
                     const engine::HappensBefore& hb) {
  std::vector<std::vector<size_t>> steps(events.size());  // per thread, its trace indices
  for (size_t s = 0; s < trace.steps.size(); ++s) {
    steps[static_cast<size_t>(trace.steps[s].thread)].push_back(s);
  }
  Forced forced(events.size());
  for (size_t q = 0; q < events.size(); ++q) {
    forced[q].resize(events[q].size());
    for (size_t i = 0; i < events[q].size(); ++i) {
      // q's steps before event i: those below its gap.
      auto q_after = std::lower_bound(steps[q].begin(), steps[q].end(), events[q][i].gap);
      if (q_after == steps[q].begin()) continue;  // none: nothing can be forced before it
      const size_t last_before = *(q_after - 1);
      for (size_t p = 0; p < events.size(); ++p) {
        if (p == q) continue;
        for (size_t j = 0; j < events[p].size(); ++j) {
          auto p_after = std::lower_bound(steps[p].begin(), steps[p].end(), events[p][j].gap);
          if (p_after != steps[p].end() && hb.ordered(*p_after, last_before)) {
            forced[q][i].emplace_back(p, j);
          }
        }
      }
    }
  }
  return forced;
}

// Dependency-aware (van den Hooff 2014 sec. 3.4): the relations of the sequences of every
// event that keep each thread's program order and the forced orders, each the real-time order
// of an equivalent execution; of those, only the ones no other contains. That is enough for
// the verdict: an order of the calls that respects a relation respects every relation within it.
class Sequences {
 public:
  Sequences(const Events& events, const Forced& forced, size_t calls)
      : events_(events), forced_(forced), calls_(calls) {}

  std::vector<Relation> relations() { return from(std::vector<size_t>(events_.size(), 0)); }

 private:
  bool may_come_next(size_t q, const std::vector<size_t>& placed) const {
    if (placed[q] == events_[q].size()) return false;
    for (const auto& [p, j] : forced_[q][placed[q]]) {
      if (placed[p] <= j) return false;
    }
    return true;
  }

  // What the events not yet placed add to the relation, once `placed[t]` events of each
  // thread t have come (in whatever order: what is still to come does not depend on it).
  // A sequence's relation is what its first events gave joined with what the rest adds, so
  // a rest that adds less than another one from the same place is dropped here too.
  const std::vector<Relation>& from(const std::vector<size_t>& placed) {
    if (auto known = from_.find(placed); known != from_.end()) return known->second;
    std::vector<size_t> responded;
    for (size_t t = 0; t < events_.size(); ++t) {
      for (size_t j = 0; j < placed[t]; ++j) {
        if (events_[t][j].response) responded.push_back(events_[t][j].call);
      }
    }
    std::vector<Relation> out;
    bool any = false;
    for (size_t q = 0; q < events_.size(); ++q) {
      if (!may_come_next(q, placed)) continue;
      any = true;
      const Boundary& e = events_[q][placed[q]];
      std::vector<size_t> next = placed;
      ++next[q];
      for (Relation rest : from(next)) {
        if (!e.response) {
          for (size_t a : responded) rest.add(a, e.call);
        }
        out.push_back(std::move(rest));
      }
    }
    if (!any) {
      for (size_t t = 0; t < events_.size(); ++t) {
        if (placed[t] != events_[t].size()) throw std::logic_error("forced orders in a cycle");
      }
      out.emplace_back(calls_);  // every event placed: nothing more to add
    }
    return from_[placed] = largest(std::move(out));
  }

  // The distinct relations of `all` that lie within no other one of them.
  static std::vector<Relation> largest(std::vector<Relation> all) {
    std::sort(all.begin(), all.end());
    all.erase(std::unique(all.begin(), all.end()), all.end());
    std::vector<Relation> out;
    for (size_t i = 0; i < all.size(); ++i) {
      bool inside_another = false;
      for (size_t k = 0; k < all.size() && !inside_another; ++k) {
        inside_another = k != i && all[i].within(all[k]);
      }
      if (!inside_another) out.push_back(all[i]);
    }
    return out;
  }

  const Events& events_;
  const Forced& forced_;
  size_t calls_;
  std::map<std::vector<size_t>, std::vector<Relation>> from_;
};

}  // namespace

ReferenceJudge::ReferenceJudge(const specs::Model& model, const specs::TestProgram& program,
                               const SerialOrders* serial, bool dependency_aware)
    : model_(model), program_(program), serial_(serial), dependency_aware_(dependency_aware) {
  for (const std::vector<specs::Operation>& thread : program_.threads) {
    operations_.insert(operations_.end(), thread.begin(), thread.end());
  }
}

bool ReferenceJudge::judge(const std::vector<int>& results, const engine::Trace& trace,
                           const engine::HappensBefore& hb) {
  const size_t calls = program_.calls();
  const Events events = boundary_events(program_, trace);
  std::vector<Relation> relations;
  if (dependency_aware_) {
    relations = Sequences(events, forced_orders(events, trace, hb), calls).relations();
  } else {
    relations.push_back(relation_of(interleaving(events), calls));
  }
  for (const Relation& relation : relations) {
    if (!legal(results, relation)) return false;
  }
  return true;
}

bool ReferenceJudge::legal(const std::vector<int>& results, const Relation& relation) {
  const size_t calls = program_.calls();
  // The first position of `order` at which it breaks `relation`: a call placed while a call
  // that must come before it is still to come.
  auto first_out_of_order = [&](const std::vector<size_t>& order) {
    for (size_t k = 0; k < calls; ++k) {
      for (size_t later = k + 1; later < calls; ++later) {
        if (relation.before(order[later], order[k])) return k;
      }
    }
    return calls;
  };
  if (serial_ != nullptr) {
    auto found = serial_->find(results);
    if (found == serial_->end()) return false;
    for (const std::vector<int>& serial_order : found->second) {
      if (first_out_of_order({serial_order.begin(), serial_order.end()}) == calls) return true;
    }
    return false;
  }
  // Against the model the init prefix runs alone, before the threads: each of its calls must
  // return what the model returns.
  specs::State start = model_.initial();
  for (size_t i = 0; i < program_.init.size(); ++i) {
    if (model_.apply(start, program_.init[i]) != results[calls + i]) return false;
  }
  // Every permutation of the calls, in lexicographic order, replayed call by call from the
  // state after the init prefix.
  std::vector<size_t> order(calls);
  std::iota(order.begin(), order.end(), size_t{0});
  do {
    const size_t in_order = first_out_of_order(order);
    specs::State state = start;
    size_t k = 0;
    while (k < in_order && model_.accepts(state, operations_[order[k]], results[order[k]])) ++k;
    if (k == calls) return true;
    // Every permutation that begins with order[0, k] fails at k as well: sorting the rest in
    // decreasing order makes this the last of them, and next_permutation goes past them.
    std::sort(order.begin() + static_cast<std::ptrdiff_t>(k) + 1, order.end(), std::greater<>());
  } while (std::next_permutation(order.begin(), order.end()));
  return false;
}

}  // namespace lineup::reference
