#include "checker/judge.h"

#include <algorithm>
#include <stdexcept>

#include "checker/call_text.h"
#include "checker/linearizable.h"
#include "checker/shortcuts/cycles.h"
#include "checker/shortcuts/serial_calls.h"
#include "checker/shortcuts/unique_linearization.h"

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

}  // namespace

ProgramJudge::ProgramJudge(const specs::Target& target, const specs::TestProgram& program,
                           const SerialOutcomes* serial, bool dependency_aware, ModelMoves* moves)
    : target_(target),
      program_(program),
      serial_(serial),
      dependency_aware_(dependency_aware),
      witnesses_(program.calls()),
      respected_unions_(program.calls()),
      passed_orders_(0) {
  const specs::Model& model = *target_.model;
  after_init_ = model.initial();
  // Against phase 1 the init prefix's results are part of each serial outcome.
  for (const specs::Operation& op : program_.init) {
    const int result = model.apply(after_init_, op);
    if (serial_ == nullptr) init_results_.push_back(result);
  }
  std::vector<size_t> calls_per_thread;
  std::vector<specs::Operation> operations;
  for (const std::vector<specs::Operation>& thread : program_.threads) {
    calls_per_thread.push_back(thread.size());
    operations.insert(operations.end(), thread.begin(), thread.end());
  }
  order_.shape(calls_per_thread);
  if (serial_ == nullptr) {
    if (moves == nullptr) {
      linearization_graph_.emplace(model, std::move(operations), after_init_);
    } else if (&moves->model() != &model) {
      throw std::invalid_argument("the model's moves given to a judge are of another model");
    } else {
      linearization_graph_.emplace(*moves, std::move(operations), after_init_);
    }
  } else {
    serial_linearizations_.emplace(serial_->outcomes);
  }
  key_.assign(program_.results_size() + order_.key_words(), 0);
  verdicts_.reset(key_.size());
  passed_orders_ = PassedBoundaryOrders(order_.key_words() * sizeof(uint32_t));
  relation_.assign(program_.calls(), 0);
  parts_.assign(kMaxDepth * program_.calls(), 0);
  cycle_.assign(program_.calls(), 0);
  for (size_t t = 0; t < program_.threads.size(); ++t) {
    thread_of_call_.insert(thread_of_call_.end(), program_.threads[t].size(), static_cast<int>(t));
  }
  chain_.assign(program_.calls(), 0);
}

Verdict ProgramJudge::judge(const std::vector<int>& results, const engine::Trace& trace) {
  return judge(results, trace, nullptr);
}

Verdict ProgramJudge::judge(const std::vector<int>& results, const engine::Trace& trace,
                            const engine::HappensBefore* hb) {
  if (passes(results, trace, hb)) return {};
  return {false, why_not(results, trace)};
}

std::string ProgramJudge::why_not(const std::vector<int>& results, const engine::Trace& trace) {
  if (linearization_graph_) {
    linearization_graph_->limit();
    linearization_graph_->budget(kMaxWork);
  }
  if (!trace.call_clocks.empty()) return judge_happens_before(results, trace).why;
  return why(results, trace);
}

bool ProgramJudge::passes(const std::vector<int>& results, const engine::Trace& trace,
                          const engine::HappensBefore* hb) {
  // Between queries: the graph kept for the program stays bounded however long its search,
  // and each verdict has a budget of its own.
  if (linearization_graph_) {
    linearization_graph_->limit();
    linearization_graph_->budget(kMaxWork);
  }
  gave_up_ = false;
  if (!trace.call_clocks.empty()) return judge_happens_before(results, trace).ok;
  const bool init = init_ok(results);
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
    if (init && linearization_graph_ && serial_calls_.worth_asking() &&
        serial_calls(trace, *hb, order_, chain_.data())) {
      serial_calls_.succeeded();
      if (linearization_graph_->follows(results.data(), chain_.data())) return true;
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
  uint32_t id = SerialLinearizations::kNoOutcome;
  if (init) {
    order_.possible_precedence(relation_.data());
    // A total order (every call a critical section, say) allows one order of the calls: it
    // is followed along the search graph, cheaper than a scan of kept witnesses that rarely
    // fit (each such execution is a new order), and needs no id for the results.
    const bool total = linearization_graph_ && unique_linearizations_.worth_asking() &&
                       unique_linearization(relation_.data(), order_.calls(), chain_.data());
    if (total) unique_linearizations_.succeeded();
    if (total && linearization_graph_->follows(results.data(), chain_.data())) return true;
    id = outcome(results);
    if (!total && id != SerialLinearizations::kNoOutcome && union_respected(id)) return true;
  }
  // Every acyclic relation within a union whose acyclic parts were all respected is
  // respected (it lies within one of the parts): a union within such a one, with the same
  // results, needs neither the complete order nor the memo.
  if (id != SerialLinearizations::kNoOutcome &&
      respected_unions_.any_respects(id, relation_.data())) {
    return true;
  }
  order_.complete();
  std::copy(results.begin(), results.end(), key_.begin());
  std::copy(order_.key(), order_.key() + order_.key_words(),
            key_.begin() + static_cast<ptrdiff_t>(results.size()));
  uint64_t h = verdicts_.hash(key_.data());
  if (const uint32_t* known = verdicts_.find(key_.data(), h)) return *known != 0;
  // An order forcing all a passing one forces allows only interleavings that one allows.
  const auto* order = reinterpret_cast<const uint8_t*>(order_.key());
  if (id != SerialLinearizations::kNoOutcome && passed_orders_.any_looser(id, order)) return true;
  bool ok = false;
  if (id != SerialLinearizations::kNoOutcome) {
    if (every_acyclic_part_respected(id)) {
      respected_unions_.add(id, relation_.data());
      ok = true;
    } else {
      ok = every_relation_legal(id);
      // A pass found by a search that gave up is no verdict: no violation is claimed
      // without a failing interleaving, the execution is counted, and nothing is kept.
      if (ok && (gave_up_ || (linearization_graph_ && linearization_graph_->exhausted()))) {
        ++undetermined_;
        return true;
      }
    }
  }
  verdicts_.insert(key_.data(), h, ok ? 1 : 0);
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
  const uint32_t id = init_ok(results) ? outcome(results) : SerialLinearizations::kNoOutcome;
  if (id != SerialLinearizations::kNoOutcome && respected(id, relation_.data())) return {};
  if (linearization_graph_ && linearization_graph_->exhausted()) {
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

bool ProgramJudge::init_ok(const std::vector<int>& results) const {
  return std::equal(init_results_.begin(), init_results_.end(),
                    results.begin() + static_cast<ptrdiff_t>(order_.calls()));
}

uint32_t ProgramJudge::outcome(const std::vector<int>& results) {
  return linearization_graph_ ? linearization_graph_->outcome(results.data())
                              : serial_linearizations_->outcome(results.data());
}

bool ProgramJudge::union_respected(uint32_t id) {
  // No order respects a cyclic union: it is searched only without a cycle. Where most unions
  // have one, the cycle is looked for before the kept witnesses (which would all be tried in
  // vain); elsewhere the witnesses come first (most unions without a cycle fit one).
  const uint64_t* precedes = relation_.data();
  const bool cycle_first = cyclic_unions_.worth_asking();
  if (cycle_first && cyclic_core(precedes, order_.calls()) != 0) {
    cyclic_unions_.succeeded();
    return false;
  }
  return witnesses_.any_respects(id, precedes) ||
         ((cycle_first || cyclic_core(precedes, order_.calls()) == 0) && searched(id, precedes));
}

bool ProgramJudge::every_acyclic_part_respected(uint32_t id) {
  // k pairs of calls that may each come first take 2^(k+1) - 1 parts at least: each split
  // has two parts at least (a cycle crosses threads twice at least, and only edges across
  // threads are taken away), and takes an edge from one pair at most.
  if (two_cycles(relation_.data(), relation_.size(), kTooManyTwoCycles) == kTooManyTwoCycles) {
    return false;
  }
  size_t asked = 0;
  std::copy(relation_.begin(), relation_.end(), parts_.begin());
  return part_respected(id, 0, &asked);
}

bool ProgramJudge::part_respected(uint32_t id, size_t depth, size_t* asked) {
  if (++*asked > kMaxParts) return false;  // the walk of the memo is cheaper from here
  const size_t calls = relation_.size();
  uint64_t* part = &parts_[depth * calls];
  const size_t length = find_cycle(part, calls, cycle_.data());
  if (length == 0) return depth > 0 && respected(id, part);  // depth 0: asked already
  if (depth + 1 == kMaxDepth) return false;
  // Each interleaving's relation lacks some edge of the cycle: one of its calls' order across
  // threads (an order within a thread is in every one of them).
  uint64_t* next = part + calls;
  for (size_t i = 0; i < length; ++i) {
    const auto y = static_cast<size_t>(cycle_[i]);
    const auto x = static_cast<size_t>(cycle_[(i + 1) % length]);
    if (thread_of_call_[x] == thread_of_call_[y]) continue;
    std::copy(part, part + calls, next);
    next[y] &= ~(uint64_t{1} << x);
    if (!part_respected(id, depth + 1, asked)) return false;
  }
  return true;
}

bool ProgramJudge::every_relation_legal(uint32_t id) {
  if (linearization_graph_) return walk_.every_one_legal(order_, *linearization_graph_, id);
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
  return respected(id, relation_.data());
}

bool ProgramJudge::respected(uint32_t id, const uint64_t* precedes) {
  return witnesses_.any_respects(id, precedes) || searched(id, precedes);
}

bool ProgramJudge::searched(uint32_t id, const uint64_t* precedes) {
  if (linearization_graph_ ? !linearization_graph_->legal(id, precedes)
                           : !serial_linearizations_->legal(id, precedes)) {
    return false;
  }
  witnesses_.add(
      id, linearization_graph_ ? linearization_graph_->order() : serial_linearizations_->order());
  return true;
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
  uint32_t id = outcome(results);
  Precedence reported;
  if (interleavings_.enumerate(order_, kMaxReportedRelations)) {
    Precedence in_trace_order(trace.calls.size());
    std::vector<uint64_t> smallest;
    for (size_t i = 0; i < interleavings_.count(); ++i) {
      if (id != SerialLinearizations::kNoOutcome && legal(id, i)) continue;
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
    if (!linearization_graph_ || !linearization_graph_->exhausted()) {
      return explain(calls, results, reported);
    }
  }
  reported.assign(order_.calls(), 0);
  if (id != SerialLinearizations::kNoOutcome && linearization_graph_) {
    linearization_graph_->budget(kMaxWork);
    if (!walk_.every_one_legal(order_, *linearization_graph_, id)) {
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
