#include "checker/judge.h"

#include "checker/synchronization.h"

#include <algorithm>
#include <optional>

#include "checker/call_text.h"
#include "checker/linearizable.h"

namespace lineup::checker {
namespace {

// Whether some serial order in `orders` (call indices) respects `precedes`.
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

std::vector<size_t> calls_per_thread(const specs::TestProgram& program) {
  std::vector<size_t> calls;
  for (const std::vector<specs::Operation>& thread : program.threads) {
    calls.push_back(thread.size());
  }
  return calls;
}

BoundaryOrder shaped_order(const specs::TestProgram& program) {
  BoundaryOrder order;
  order.shape(calls_per_thread(program));
  return order;
}

LinearizationSearch linearization_search(const specs::Target& target,
                                         const specs::TestProgram& program,
                                         const SerialOutcomes* serial, ModelMoves* moves) {
  if (serial != nullptr) return LinearizationSearch(serial->outcomes);
  return LinearizationSearch(*target.model, program, moves);
}

}  // namespace

ProgramJudge::ProgramJudge(const specs::Target& target, const specs::TestProgram& program,
                           const SerialOutcomes* serial, bool dependency_aware, ModelMoves* moves)
    : target_(target),
      program_(program),
      serial_(serial),
      dependency_aware_(dependency_aware),
      order_(shaped_order(program)),
      relation_(program.calls(), 0),
      single_order_(program.calls()),
      search_(linearization_search(target, program, serial, moves)),
      witnesses_(program.calls()),
      respected_unions_(calls_per_thread(program)),
      verdicts_(program.results_size(), order_.key_words()),
      passed_orders_(order_.key_words() * sizeof(uint32_t)) {}

Verdict ProgramJudge::judge(const std::vector<int>& results, const engine::Trace& trace) {
  return judge(results, trace, nullptr);
}

Verdict ProgramJudge::judge(const std::vector<int>& results, const engine::Trace& trace,
                            const engine::HappensBefore* hb) {
  if (passes(results, trace, hb)) return {};
  return {false, why_not(results, trace)};
}

std::string ProgramJudge::why_not(const std::vector<int>& results, const engine::Trace& trace) {
  search_.start_verdict(kMaxWork);
  unsynchronized_ = false;
  if (!trace.call_clocks.empty()) {
    Verdict v = judge_happens_before(results, trace);
    if (!v.ok) return v.why;
    v.why = missing_synchronization(target_, program_, results, trace);
    unsynchronized_ = !v.why.empty();
    return v.why;
  }
  return why(results, trace);
}

bool ProgramJudge::passes(const std::vector<int>& results, const engine::Trace& trace,
                          const engine::HappensBefore* hb) {
  // Between queries: the graph kept for the program stays bounded however long its search,
  // and each verdict has a budget of its own.
  search_.start_verdict(kMaxWork);
  gave_up_ = false;
  if (!trace.call_clocks.empty()) {
    return judge_happens_before(results, trace).ok &&
           missing_synchronization(target_, program_, results, trace).empty();
  }
  LinearizationGraph* const graph = search_.graph();
  const bool init = search_.init_ok(results);
  if (!dependency_aware_) {
    order_.real_time(trace);
  } else {
    if (hb == nullptr) {
      hb_.reset(static_cast<int>(program_.threads.size()), engine::HappensBefore::Kept::kClocks);
      for (const engine::Transition& t : trace.steps) hb_.add(t);
      hb = &hb_;
    }
    // Calls that ran one after another (a lock-based structure's, mostly) allow one order,
    // read off the trace: followed as a total order's is below, with nothing else computed.
    // When the results do not follow it, the verdict is reached the long way.
    if (init && graph != nullptr && single_order_.serial(trace, *hb, order_) &&
        graph->follows(results.data(), single_order_.order())) {
      return true;
    }
    order_.induce(trace, *hb);
  }
  // Most verdicts are settled by one order that respects every relation the boundary order
  // allows: a kept witness, else one search (whose order is then kept). Only when there is
  // none does the rest follow, each step cheaper than the next: a union within one whose
  // acyclic parts were all respected; the memo; an order that forces all a passing one
  // forces; then the relations checked, a few acyclic parts of their union first and else
  // every one. So the memo holds the few orders that need that work rather than one entry
  // per execution (nearly every execution of a systematic search has a boundary order of
  // its own). The memo comes before the parts: where overlapping calls make the union
  // cyclic at all, the same orders recur (random and PCT sample the same ones again), and a
  // lookup costs less than splitting the union.
  constexpr uint32_t kNoOutcome = LinearizationSearch::kNoOutcome;
  uint32_t id = kNoOutcome;
  if (init) {
    order_.possible_precedence(relation_.data());
    // A total order (every call a critical section, say) allows one order of the calls: it
    // is followed along the search graph, cheaper than a scan of kept witnesses that rarely
    // fit (each such execution is a new order), and needs no id for the results.
    const bool total = graph != nullptr && single_order_.total(relation_.data(), order_.calls());
    if (total && graph->follows(results.data(), single_order_.order())) return true;
    id = search_.outcome(results);
    if (!total && id != kNoOutcome && witnesses_.union_respected(id, relation_.data(), search_)) {
      return true;
    }
  }
  // Every acyclic relation within a union whose acyclic parts were all respected is
  // respected (it lies within one of the parts): a union within such a one, with the same
  // results, needs neither the complete order nor the memo.
  if (id != kNoOutcome && respected_unions_.any_contains(id, relation_.data())) return true;
  order_.complete();
  if (const std::optional<bool> known = verdicts_.find(results, order_)) return *known;
  // An order forcing all a passing one forces allows only interleavings that one allows.
  const auto* order = reinterpret_cast<const uint8_t*>(order_.key());
  if (id != kNoOutcome && passed_orders_.any_looser(id, order)) return true;
  bool ok = false;
  if (id != kNoOutcome) {
    if (respected_unions_.every_acyclic_part_respected(id, relation_.data(), witnesses_, search_)) {
      ok = true;
    } else {
      ok = every_relation_legal(id);
      // A pass found by a search that gave up is no verdict: no violation is claimed
      // without a failing interleaving, the execution is counted, and nothing is kept.
      if (ok && (gave_up_ || search_.exhausted())) {
        ++undetermined_;
        return true;
      }
    }
  }
  verdicts_.insert(ok);
  if (ok) passed_orders_.add(id, order);
  return ok;
}

Verdict ProgramJudge::judge_happens_before(const std::vector<int>& results,
                                           const engine::Trace& trace) {
  const size_t n = trace.calls.size();
  std::vector<size_t> flat(n);
  for (size_t c = 0; c < n; ++c) {
    flat[c] = program_.flat(trace.calls[c].thread, trace.calls[c].index_in_thread);
  }
  std::fill(relation_.begin(), relation_.end(), 0);
  std::string orderings;
  for (size_t x = 0; x < n; ++x) {
    const engine::CallSpan& cx = trace.calls[x];
    const auto t = static_cast<size_t>(cx.thread);
    const std::vector<uint32_t>& done = trace.call_clocks[x].response;
    uint32_t response = t < done.size() ? done[t] : 0;
    for (size_t y = 0; y < n; ++y) {
      const engine::CallSpan& cy = trace.calls[y];
      bool before = false;
      if (cy.thread == cx.thread) {
        before = cx.index_in_thread < cy.index_in_thread;
      } else if (cx.completed && response > 0) {
        const std::vector<uint32_t>& start = trace.call_clocks[y].invocation;
        before = t < start.size() && start[t] >= response;
        if (before) {
          orderings += "    T" + std::to_string(cx.thread) + "[" +
                       std::to_string(cx.index_in_thread) + "] happens before T" +
                       std::to_string(cy.thread) + "[" + std::to_string(cy.index_in_thread) + "]\n";
        }
      }
      if (before) relation_[flat[y]] |= uint64_t{1} << flat[x];
    }
  }
  const uint32_t id =
      search_.init_ok(results) ? search_.outcome(results) : LinearizationSearch::kNoOutcome;
  if (id != LinearizationSearch::kNoOutcome &&
      witnesses_.respected(id, relation_.data(), search_)) {
    return {};
  }
  if (search_.exhausted()) {
    ++undetermined_;  // the search gave up: no violation is claimed
    return {};
  }
  return {false,
          "no order of the calls that keeps their order in each thread and happens-before "
          "between threads (c11 mode) gives these results under the " +
              target_.model->name() + " model" +
              (orderings.empty() ? std::string(" (no call happens before a call of another "
                                               "thread)\n")
                                 : ":\n" + orderings)};
}

bool ProgramJudge::every_relation_legal(uint32_t id) {
  if (LinearizationGraph* graph = search_.graph()) return walk_.every_one_legal(order_, *graph, id);
  if (!interleavings_.enumerate(order_, kMaxCheckedRelations)) {
    gave_up_ = true;
    return true;
  }
  // A total order allows one relation: the union already asked.
  if (interleavings_.count() == 1) return false;
  for (size_t i = 0; i < interleavings_.count(); ++i) {
    if (!legal(id, i)) return false;
  }
  return true;
}

bool ProgramJudge::legal(uint32_t id, size_t i) {
  interleavings_.relation(i, relation_.data());
  return witnesses_.respected(id, relation_.data(), search_);
}

std::string ProgramJudge::why(const std::vector<int>& results, const engine::Trace& trace) {
  const specs::Model& model = *target_.model;
  if (serial_ == nullptr) {
    // The init prefix runs alone: each of its results must be the model's.
    specs::State state = model.initial();
    for (size_t i = 0; i < program_.init.size(); ++i) {
      int expected = model.apply(state, program_.init[i]);
      int got = results[program_.calls() + i];
      if (got != expected) {
        return "init call " + model.describe(program_.init[i]) + " returned " +
               model.describe_result(program_.init[i], got) + " running alone; the " +
               model.name() + " model returns " + model.describe_result(program_.init[i], expected);
      }
    }
  }
  std::vector<CallRecord> calls(program_.calls());
  std::vector<size_t> flat(trace.calls.size());  // trace order -> program order
  for (size_t c = 0; c < trace.calls.size(); ++c) {
    const engine::CallSpan& s = trace.calls[c];
    flat[c] = program_.flat(s.thread, s.index_in_thread);
    calls[flat[c]] = {
        s.thread,
        program_.threads[static_cast<size_t>(s.thread)][static_cast<size_t>(s.index_in_thread)],
        results[flat[c]]};
  }
  // Of the failing relations, the one first in trace-order numbering is reported, so reports
  // name the same orderings whichever order the relations were enumerated in. Overlapping
  // calls allow exponentially many: past kMaxReportedRelations (or the graph's budget), the
  // one along which the interleaving walk fails is reported instead (against the model), and
  // failing that the union of them all, which no order respects either.
  const uint32_t id = search_.outcome(results);
  Precedence reported;
  if (interleavings_.enumerate(order_, kMaxReportedRelations)) {
    Precedence in_trace_order(trace.calls.size());
    std::vector<uint64_t> smallest;
    for (size_t i = 0; i < interleavings_.count(); ++i) {
      if (id != LinearizationSearch::kNoOutcome && legal(id, i)) continue;
      interleavings_.relation(i, relation_.data());
      std::fill(in_trace_order.begin(), in_trace_order.end(), 0);
      for (size_t y = 0; y < flat.size(); ++y) {
        for (size_t x = 0; x < flat.size(); ++x) {
          if ((relation_[flat[y]] >> flat[x]) & 1) in_trace_order[y] |= uint64_t{1} << x;
        }
      }
      if (smallest.empty() || in_trace_order < smallest) {
        smallest = in_trace_order;
        reported = relation_;
      }
    }
    if (!search_.exhausted()) return explain(calls, results, reported);
  }
  reported.assign(order_.calls(), 0);
  if (LinearizationGraph* graph = search_.graph();
      id != LinearizationSearch::kNoOutcome && graph != nullptr) {
    graph->budget(kMaxWork);
    if (!walk_.every_one_legal(order_, *graph, id)) {
      walk_.failing_relation(reported.data());
      return explain(calls, results, reported);
    }
  }
  order_.possible_precedence(reported.data());
  return explain(calls, results, reported) +
         "  (these are the orderings of every equivalent execution together: one execution's "
         "were not singled out within the check's budget)\n";
}

std::string ProgramJudge::explain(const std::vector<CallRecord>& calls,
                                  const std::vector<int>& results,
                                  const Precedence& precedes) const {
  const specs::Model& model = *target_.model;
  std::string must;
  for (size_t y = 0; y < precedes.size(); ++y) {
    for (size_t x = 0; x < precedes.size(); ++x) {
      if (!((precedes[y] >> x) & 1)) continue;
      bool implied = false;  // x before z before y: the pair x, y says nothing new
      for (size_t z = 0; z < precedes.size() && !implied; ++z) {
        implied = ((precedes[z] >> x) & 1) && ((precedes[y] >> z) & 1);
      }
      if (!implied) {
        must += "    " + describe_call(model, program_, static_cast<int>(x)) + " before " +
                describe_call(model, program_, static_cast<int>(y)) + "\n";
      }
    }
  }
  std::string out =
      "no order of the calls that keeps these orderings (from " +
      std::string(dependency_aware_ ? "the happens-before of this execution or an equivalent one"
                                    : "real time: a call that returned before another started") +
      ") gives these results " +
      (serial_ == nullptr ? "under the " + model.name() + " model"
                          : std::string("when the calls run one at a time")) +
      ":\n" + (must.empty() ? "    (none)\n" : must);
  // The closest legal outcome: the order with the fewest differing results.
  std::vector<int> order, expected;
  if (serial_ == nullptr) {
    specs::State state = model.initial();
    for (const specs::Operation& op : program_.init) model.apply(state, op);
    ClosestOrder c = closest_order(model, calls, precedes, state);
    if (c.gave_up) {
      return out + "  closest legal order: not searched to the end (more than " +
             std::to_string(kClosestOrderStates) + " (calls done, model state) pairs)\n";
    }
    order = c.order;
    expected = c.model_results;
  } else {
    int best = INT32_MAX;
    for (const auto& [outcome, orders] : serial_->outcomes) {
      for (const std::vector<int>& o : orders) {
        if (!some_order_respects({o}, precedes)) continue;
        int diff = 0;
        for (size_t c = 0; c < calls.size(); ++c) diff += outcome[c] != results[c];
        if (diff < best) best = diff, order = o, expected = outcome;
      }
    }
  }
  if (order.size() != calls.size()) return out;
  out += "  closest legal order: " + describe_order(model, program_, order) + "\n";
  for (int c : order) {
    const specs::Operation& op = calls[static_cast<size_t>(c)].operation;
    int e = expected[static_cast<size_t>(c)], got = results[static_cast<size_t>(c)];
    if (e != got) {
      out += "    " + describe_call(model, program_, c) + " would return " +
             model.describe_result(op, e) + ", but returned " + model.describe_result(op, got) +
             "\n";
    }
  }
  return out;
}

}  // namespace lineup::checker
