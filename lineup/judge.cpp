#include "lineup/judge.h"

#include "checker/linearizable.h"
#include "checker/precedence.h"

namespace lineup {
namespace {

// The relations to judge under, in program (thread-major) call order: the trace lists calls
// in the order they started.
std::vector<checker::Precedence> relations(const specs::TestProgram& program,
                                           const engine::Trace& trace, bool dependency_aware,
                                           const engine::HappensBefore* hb) {
  std::vector<size_t> flat(trace.calls.size());
  for (size_t c = 0; c < trace.calls.size(); ++c) {
    flat[c] = program.flat(trace.calls[c].thread, trace.calls[c].index_in_thread);
  }
  std::vector<checker::Precedence> in_trace_order =
      !dependency_aware ? std::vector<checker::Precedence>{checker::real_time_precedence(trace)}
      : hb != nullptr
          ? checker::equivalent_precedences(trace, static_cast<int>(program.threads.size()), *hb)
          : checker::equivalent_precedences(trace, static_cast<int>(program.threads.size()));
  std::vector<checker::Precedence> out;
  for (const checker::Precedence& p : in_trace_order) {
    checker::Precedence q(program.calls(), 0);
    for (size_t y = 0; y < p.size(); ++y) {
      for (size_t x = 0; x < p.size(); ++x) {
        if ((p[y] >> x) & 1) q[flat[y]] |= uint64_t{1} << flat[x];
      }
    }
    out.push_back(std::move(q));
  }
  return out;
}

// Whether some serial order in `orders` (call indices) respects `precedes`.
bool some_order_respects(const std::vector<std::vector<int>>& orders,
                         const checker::Precedence& precedes) {
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

std::string describe_call(const specs::Model& model, const specs::TestProgram& program, int flat) {
  for (size_t t = 0, base = 0; t < program.threads.size(); base += program.threads[t++].size()) {
    if (static_cast<size_t>(flat) < base + program.threads[t].size()) {
      size_t i = static_cast<size_t>(flat) - base;
      return "T" + std::to_string(t) + "[" + std::to_string(i) + "]." +
             model.describe(program.threads[t][i]);
    }
  }
  return "?";
}

std::string describe_order(const specs::Model& model, const specs::TestProgram& program,
                           const std::vector<int>& order) {
  std::string out;
  for (int c : order) out += (out.empty() ? "" : ", ") + describe_call(model, program, c);
  return out;
}

std::string describe_calls(const specs::Model& model, const specs::TestProgram& program,
                           const std::vector<int>& results) {
  std::string out;
  auto one = [&](const specs::Operation& op, int result) {
    return " " + model.describe(op) + " -> " + model.describe_result(op, result);
  };
  if (!program.init.empty()) {
    out += "  init:";
    for (size_t i = 0; i < program.init.size(); ++i) {
      out += one(program.init[i], results[program.calls() + i]);
    }
    out += "\n";
  }
  for (size_t t = 0; t < program.threads.size(); ++t) {
    out += "  T" + std::to_string(t) + ":";
    for (size_t i = 0; i < program.threads[t].size(); ++i) {
      out += one(program.threads[t][i],
                 results[program.flat(static_cast<int>(t), static_cast<int>(i))]);
    }
    out += "\n";
  }
  return out;
}

ProgramJudge::ProgramJudge(const specs::Target& target, const specs::TestProgram& program,
                           const SerialOutcomes* serial, bool dependency_aware)
    : target_(target), program_(program), serial_(serial), dependency_aware_(dependency_aware) {}

Verdict ProgramJudge::judge(const std::vector<int>& results, const engine::Trace& trace) {
  return judge(results, trace, nullptr);
}

Verdict ProgramJudge::judge(const std::vector<int>& results, const engine::Trace& trace,
                            const engine::HappensBefore* hb) {
  const specs::Model& model = *target_.model;
  if (serial_ == nullptr) {
    // The init prefix runs alone: each of its results must be the model's.
    specs::State state = model.initial();
    for (size_t i = 0; i < program_.init.size(); ++i) {
      int expected = model.apply(state, program_.init[i]);
      int got = results[program_.calls() + i];
      if (got != expected) {
        return {false, "init call " + model.describe(program_.init[i]) + " returned " +
                           model.describe_result(program_.init[i], got) + " running alone; the " +
                           model.name() + " model returns " +
                           model.describe_result(program_.init[i], expected)};
      }
    }
  }
  std::vector<checker::CallRecord> calls(program_.calls());
  for (const engine::CallSpan& s : trace.calls) {
    size_t flat = program_.flat(s.thread, s.index_in_thread);
    calls[flat] = {
        s.thread,
        program_.threads[static_cast<size_t>(s.thread)][static_cast<size_t>(s.index_in_thread)],
        results[flat]};
  }
  for (const checker::Precedence& rel : relations(program_, trace, dependency_aware_, hb)) {
    if (!legal(calls, results, rel)) return {false, explain(calls, results, rel)};
  }
  return {};
}

bool ProgramJudge::legal(const std::vector<checker::CallRecord>& calls,
                         const std::vector<int>& results, const checker::Precedence& precedes) {
  auto key = std::make_pair(results, precedes);
  if (auto it = verdicts_.find(key); it != verdicts_.end()) return it->second;
  bool ok;
  if (serial_ == nullptr) {
    specs::State state = target_.model->initial();
    for (const specs::Operation& op : program_.init) target_.model->apply(state, op);
    ok = checker::linearize(*target_.model, calls, precedes, state).has_value();
  } else {
    auto found = serial_->outcomes.find(results);
    ok = found != serial_->outcomes.end() && some_order_respects(found->second, precedes);
  }
  return verdicts_[key] = ok;
}

std::string ProgramJudge::explain(const std::vector<checker::CallRecord>& calls,
                                  const std::vector<int>& results,
                                  const checker::Precedence& precedes) const {
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
    checker::ClosestOrder c = checker::closest_order(model, calls, precedes, state);
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

}  // namespace lineup
