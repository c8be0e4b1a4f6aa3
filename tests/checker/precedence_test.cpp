// Classic and dependency-aware precedence. The dependency-aware verdict of an execution must
// equal "classic Line-Up passes on every equivalent execution"; checked literally against a
// brute force over all equivalent executions (calls' boundaries are thread-local events that
// may sit anywhere between their thread's neighbouring steps).
#include "tests/checker/precedence.h"

#include <gtest/gtest.h>

#include <map>
#include <set>

#include "checker/linearizable.h"
#include "engine/memory/happens_before.h"
#include "engine/strategy/random_bits.h"

namespace lineup::checker {
namespace {

using engine::CallSpan;
using engine::Kind;
using engine::Trace;
using engine::Transition;

constexpr int kPush = 0, kPop = 1;

// A synthetic execution: per thread, calls with their steps (location, writes).
struct Step {
  int location;
  bool write;
};
struct SyntheticCall {
  CallRecord record;
  std::vector<Step> steps;
};
using Program = std::vector<std::vector<SyntheticCall>>;

Transition transition(int thread, const Step& s) {
  Transition t = Transition::pending(s.write ? Kind::kWrite : Kind::kRead,
                                     0x1000 + 8 * static_cast<uintptr_t>(s.location), 8, 0);
  t.thread = thread;
  return t;
}

// Builds the trace of one interleaving, given as the sequence of threads whose next step runs.
Trace build(const Program& program, const std::vector<int>& order, std::vector<CallRecord>* calls) {
  Trace trace;
  std::vector<size_t> call(program.size(), 0), step(program.size(), 0);
  std::vector<int> span_of_first(program.size(), -1);
  calls->clear();
  // Spans are created in thread order so that CallSpan index c == calls index c.
  for (size_t t = 0; t < program.size(); ++t) {
    for (size_t c = 0; c < program[t].size(); ++c) {
      trace.calls.push_back({static_cast<int>(t), static_cast<int>(c), 0, 0, true});
      calls->push_back(program[t][c].record);
    }
  }
  auto span_index = [&](size_t t, size_t c) {
    size_t i = 0;
    for (size_t u = 0; u < t; ++u) i += program[u].size();
    return i + c;
  };
  // Calls without steps sit at the gap where their thread's next step (or the end) is.
  auto settle = [&](size_t t) {
    while (call[t] < program[t].size() && step[t] == program[t][call[t]].steps.size()) {
      CallSpan& s = trace.calls[span_index(t, call[t])];
      if (step[t] == 0) s.first_step = trace.steps.size();
      s.end_step = trace.steps.size();
      ++call[t];
      step[t] = 0;
    }
  };
  for (size_t t = 0; t < program.size(); ++t) settle(t);
  for (int t : order) {
    size_t u = static_cast<size_t>(t);
    CallSpan& s = trace.calls[span_index(u, call[u])];
    if (step[u] == 0) s.first_step = trace.steps.size();
    trace.steps.push_back(transition(t, program[u][call[u]].steps[step[u]]));
    ++step[u];
    settle(u);
  }
  return trace;
}

bool dependency_aware_passes(const Trace& trace, int threads, const std::vector<CallRecord>& c) {
  for (const Precedence& p : equivalent_precedences(trace, threads)) {
    if (!linearize(specs::queue_model(), c, p)) return false;
  }
  return true;
}

// Brute force: every interleaving of steps and boundary events that keeps the original
// happens-before between steps (an equivalent execution), classic precedence, all must pass.
bool brute_force_passes(const Program& program, const Trace& trace,
                        const std::vector<CallRecord>& calls) {
  int threads = static_cast<int>(program.size());
  engine::HappensBefore hb;
  hb.reset(threads);
  std::vector<std::vector<size_t>> steps_of(program.size());
  for (size_t i = 0; i < trace.steps.size(); ++i) {
    hb.add(trace.steps[i]);
    steps_of[static_cast<size_t>(trace.steps[i].thread)].push_back(i);
  }
  // Per thread, its events: 'i' invocation, 's' step, 'r' response, with call indices.
  struct Ev {
    char kind;
    int call;
  };
  std::vector<std::vector<Ev>> events(program.size());
  int call_index = 0;
  for (size_t t = 0; t < program.size(); ++t) {
    for (const SyntheticCall& c : program[t]) {
      events[t].push_back({'i', call_index});
      for (size_t k = 0; k < c.steps.size(); ++k) events[t].push_back({'s', call_index});
      events[t].push_back({'r', call_index});
      ++call_index;
    }
  }
  // Memoised over states: the set of precedence fragments the rest of an interleaving adds.
  std::map<std::vector<size_t>, std::set<Precedence>> memo;
  std::function<const std::set<Precedence>&(const std::vector<size_t>&)> rest =
      [&](const std::vector<size_t>& pos) -> const std::set<Precedence>& {
    auto it = memo.find(pos);
    if (it != memo.end()) return it->second;
    std::set<Precedence> out;
    uint64_t responded = 0;
    std::vector<size_t> placed_steps(program.size(), 0);
    for (size_t t = 0; t < program.size(); ++t) {
      for (size_t k = 0; k < pos[t]; ++k) {
        if (events[t][k].kind == 'r') responded |= uint64_t{1} << events[t][k].call;
        if (events[t][k].kind == 's') ++placed_steps[t];
      }
    }
    bool any = false;
    for (size_t t = 0; t < program.size(); ++t) {
      if (pos[t] == events[t].size()) continue;
      const Ev& e = events[t][pos[t]];
      if (e.kind == 's') {
        const uint32_t* clock = hb.clock(steps_of[t][placed_steps[t]]);
        bool ready = true;
        for (size_t p = 0; p < program.size(); ++p) {
          if (p != t && placed_steps[p] < clock[p]) ready = false;
        }
        if (!ready) continue;
      }
      any = true;
      std::vector<size_t> next = pos;
      ++next[t];
      for (Precedence frag : rest(next)) {
        if (e.kind == 'i') frag[static_cast<size_t>(e.call)] |= responded;
        out.insert(frag);
      }
    }
    if (!any) out.insert(Precedence(calls.size(), 0));
    return memo[pos] = std::move(out);
  };
  for (const Precedence& p : rest(std::vector<size_t>(program.size(), 0))) {
    if (!linearize(specs::queue_model(), calls, p)) return false;
  }
  return true;
}

TEST(Precedence, ClassicDependsOnTheInterleavingDependencyAwareDoesNot) {
  // T0: push(1) writing location 0; T1: pop() -> empty reading location 1. Independent.
  Program program = {{{{0, {kPush, 1}, 1}, {{0, true}}}},
                     {{{1, {kPop, 0}, specs::kEmpty}, {{1, false}}}}};
  std::vector<CallRecord> calls;
  Trace pop_first = build(program, {1, 0}, &calls);
  Trace push_first = build(program, {0, 1}, &calls);
  // Classic: passes when the pop ran first, fails when the push completed first.
  EXPECT_TRUE(linearize(specs::queue_model(), calls, real_time_precedence(pop_first)));
  EXPECT_FALSE(linearize(specs::queue_model(), calls, real_time_precedence(push_first)));
  // The two executions are equivalent; the dependency-aware check fails both.
  EXPECT_FALSE(dependency_aware_passes(pop_first, 2, calls));
  EXPECT_FALSE(dependency_aware_passes(push_first, 2, calls));
  // When the pop reads the location the push writes, and reads it before the write, every
  // equivalent execution has the pop before the push: the class passes.
  Program dependent = {{{{0, {kPush, 1}, 1}, {{0, true}}}},
                       {{{1, {kPop, 0}, specs::kEmpty}, {{0, false}}}}};
  Trace d = build(dependent, {1, 0}, &calls);  // the pop read before the push wrote
  EXPECT_TRUE(dependency_aware_passes(d, 2, calls));
}

Program random_program(uint64_t& rng) {
  Program p(2 + engine::bounded_random(rng, 2));
  int value = 1;
  for (auto& thread : p) {
    thread.resize(1 + engine::bounded_random(rng, 2));
    for (SyntheticCall& c : thread) {
      if (engine::bounded_random(rng, 2) == 0) {
        c.record = {0, {kPush, value}, 1};
        ++value;
      } else {
        c.record = {0, {kPop, 0}, 0};
      }
      c.steps.resize(engine::bounded_random(rng, 3));
      for (Step& s : c.steps) {
        s.location = static_cast<int>(engine::bounded_random(rng, 2));
        s.write = engine::bounded_random(rng, 2) == 0;
      }
    }
  }
  // Pops return kEmpty or some pushed value.
  for (auto& thread : p) {
    for (SyntheticCall& c : thread) {
      if (c.record.operation.op == kPop) {
        int r = static_cast<int>(engine::bounded_random(rng, static_cast<uint64_t>(value)));
        c.record.result = r == 0 ? specs::kEmpty : r;
      }
    }
  }
  for (size_t t = 0; t < p.size(); ++t) {
    for (SyntheticCall& c : p[t]) c.record.thread = static_cast<int>(t);
  }
  return p;
}

TEST(Precedence, DependencyAwareVerdictEqualsBruteForceOverEquivalentExecutions) {
  uint64_t rng = 4242;
  int agree = 0, passes = 0;
  for (int i = 0; i < 10'000; ++i) {
    Program program = random_program(rng);
    std::vector<int> order;
    for (size_t t = 0; t < program.size(); ++t) {
      for (const SyntheticCall& c : program[t]) {
        order.insert(order.end(), c.steps.size(), static_cast<int>(t));
      }
    }
    for (size_t k = order.size(); k > 1; --k) {
      std::swap(order[k - 1], order[engine::bounded_random(rng, k)]);
    }
    std::vector<CallRecord> calls;
    Trace trace = build(program, order, &calls);
    bool fast = dependency_aware_passes(trace, static_cast<int>(program.size()), calls);
    bool slow = brute_force_passes(program, trace, calls);
    ASSERT_EQ(fast, slow) << "history " << i;
    agree += fast == slow;
    passes += fast;
  }
  EXPECT_EQ(agree, 10'000);
  // Both verdicts occur, so the comparison means something.
  EXPECT_GT(passes, 500);
  EXPECT_LT(passes, 9'500);
}

}  // namespace
}  // namespace lineup::checker
