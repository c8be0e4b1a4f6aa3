// serial_calls against the long way to the same answer: the union relation of the boundary
// order happens-before induces (BoundaryOrder::possible_precedence) and total_order on it,
// over random executions of small synthetic programs.
#include "checker/shortcuts/serial_calls.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cstdint>
#include <optional>
#include <vector>

#include "checker/shortcuts/unique_linearization.h"

namespace lineup::checker {
namespace {

using engine::Kind;
using engine::Trace;
using engine::Transition;

struct Step {
  int location = 0;
  bool write = false;
};
// Per thread, per call, its steps.
using Program = std::vector<std::vector<std::vector<Step>>>;

// Builds the trace of `program` run by `next`, which picks the thread whose next step runs
// and whether that thread then runs the rest of its call alone.
template <class Next>
Trace run(const Program& program, Next next) {
  Trace trace;
  std::vector<size_t> call(program.size(), 0), step(program.size(), 0), span(program.size(), 0);
  for (size_t t = 0, c = 0; t < program.size(); c += program[t++].size()) span[t] = c;
  for (size_t t = 0; t < program.size(); ++t) {
    for (size_t c = 0; c < program[t].size(); ++c) {
      trace.calls.push_back({static_cast<int>(t), static_cast<int>(c), 0, 0, true});
    }
  }
  // A call ends (and calls without steps begin and end) once its thread has made its steps.
  auto settle = [&](size_t t) {
    while (call[t] < program[t].size() && step[t] == program[t][call[t]].size()) {
      engine::CallSpan& s = trace.calls[span[t] + call[t]];
      if (step[t] == 0) s.first_step = trace.steps.size();
      s.end_step = trace.steps.size();
      ++call[t];
      step[t] = 0;
    }
  };
  for (size_t t = 0; t < program.size(); ++t) settle(t);
  auto unfinished = [&] {
    std::vector<size_t> out;
    for (size_t t = 0; t < program.size(); ++t) {
      if (call[t] < program[t].size()) out.push_back(t);
    }
    return out;
  };
  for (std::vector<size_t> left = unfinished(); !left.empty(); left = unfinished()) {
    auto [t, whole] = next(left);
    const size_t c = call[t];
    do {
      const Step& s = program[t][c][step[t]];
      engine::CallSpan& span_of = trace.calls[span[t] + c];
      if (step[t] == 0) span_of.first_step = trace.steps.size();
      Transition x = Transition::pending(s.write ? Kind::kWrite : Kind::kRead,
                                         0x1000 + 8 * static_cast<uintptr_t>(s.location), 8, 0);
      x.thread = static_cast<int>(t);
      x.call = static_cast<int32_t>(span[t] + c);
      trace.steps.push_back(x);
      ++step[t];
      settle(t);
    } while (whole && call[t] == c);
  }
  return trace;
}

engine::HappensBefore relation_of(const Trace& trace, int threads) {
  engine::HappensBefore hb;
  hb.reset(threads, engine::HappensBefore::Kept::kClocks);
  for (const Transition& t : trace.steps) hb.add(t);
  return hb;
}

BoundaryOrder shape_of(const Program& program) {
  std::vector<size_t> calls;
  for (const auto& thread : program) calls.push_back(thread.size());
  BoundaryOrder order;
  order.shape(calls);
  return order;
}

// serial_calls of `program` run whole calls at a time, of the threads in `picks` while more
// than one thread is left; the order it gives, or nothing when it finds the calls not serial.
std::optional<std::vector<int>> serial_order(const Program& program, std::vector<size_t> picks) {
  const Trace trace = run(program, [&, n = size_t{0}](const std::vector<size_t>& left) mutable {
    return std::pair{left.size() == 1 || n == picks.size() ? left[0] : picks[n++], true};
  });
  engine::HappensBefore hb = relation_of(trace, static_cast<int>(program.size()));
  BoundaryOrder shape = shape_of(program);
  std::vector<int> order(shape.calls(), -1);
  if (!serial_calls(trace, hb, shape, order.data())) return std::nullopt;
  return order;
}

// Calls each write one location once, one thread after another: serial, in trace order.
TEST(SerialCalls, CallsOrderedThroughOneLocationAreSerialInTraceOrder) {
  const Program program = {{{{0, true}}, {{0, true}}}, {{{0, true}}}};
  EXPECT_EQ(serial_order(program, {0, 1, 0}), (std::vector<int>{0, 2, 1}));
}

// One after another in the trace, but on locations no other call touches: any order of the
// threads' calls is possible, so the calls are not serial.
TEST(SerialCalls, CallsOnSeparateLocationsAreNotSerial) {
  EXPECT_EQ(serial_order({{{{0, true}}}, {{{1, true}}}}, {}), std::nullopt);
}

// A call without steps has no place of its own in the trace.
TEST(SerialCalls, ACallWithoutStepsIsNotSerial) {
  EXPECT_EQ(serial_order({{{{0, true}}, {}}, {{{0, true}}}}, {}), std::nullopt);
}

RC_GTEST_PROP(SerialCalls, SerialOnlyWhenTheUnionRelationIsTheTraceOrder, ()) {
  const auto threads = *rc::gen::inRange<size_t>(2, 4);
  const auto locations = *rc::gen::inRange(1, 4);
  Program program(threads);
  for (auto& thread : program) {
    thread.resize(*rc::gen::inRange<size_t>(1, 4));
    for (auto& call : thread) {
      // Rarely a call without steps.
      call.resize(*rc::gen::weightedOneOf<size_t>(
          {{1, rc::gen::just<size_t>(0)}, {9, rc::gen::inRange<size_t>(1, 4)}}));
      for (Step& s : call) {
        s.location = *rc::gen::inRange(0, locations);
        s.write = *rc::gen::arbitrary<bool>();
      }
    }
  }
  // Whole calls at a time in most executions, so that serial ones are common.
  const bool whole_calls =
      *rc::gen::weightedOneOf<bool>({{3, rc::gen::just(true)}, {1, rc::gen::just(false)}});
  const Trace trace = run(program, [&](const std::vector<size_t>& left) {
    return std::pair{*rc::gen::elementOf(left), whole_calls && *rc::gen::arbitrary<bool>()};
  });
  engine::HappensBefore hb = relation_of(trace, static_cast<int>(threads));
  BoundaryOrder shape = shape_of(program);
  std::vector<int> chain(shape.calls(), -1), total(shape.calls(), -1);
  const bool serial = serial_calls(trace, hb, shape, chain.data());
  shape.induce(trace, hb);
  std::vector<uint64_t> precedes(shape.calls(), 0);
  shape.possible_precedence(precedes.data());
  const bool is_total = unique_linearization(precedes.data(), shape.calls(), total.data());
  RC_TAG(serial ? "serial" : is_total ? "total, not serial" : "not total");
  if (serial) {
    RC_ASSERT(is_total);
    RC_ASSERT(chain == total);
  }
}

}  // namespace
}  // namespace lineup::checker
