// BoundaryOrder::can_take against its definition (thread q's next event can come when q has
// one left and every thread has come as far as that event needs), over real-time orders of
// random spans and random positions: up to 4 threads it compares 4 counts at once, beyond
// that one at a time. And the order happens-before induces, unchanged by steps no other
// thread sees, however many: counts of steps are kept in 16 bits where they fit.
#include "checker/boundary_order.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cstdint>
#include <numeric>
#include <vector>

#include "engine/memory/happens_before.h"

namespace lineup::checker {
namespace {

RC_GTEST_PROP(BoundaryOrder, CanTakeAsDefined, ()) {
  const auto threads = *rc::gen::inRange<size_t>(1, 7);
  std::vector<size_t> calls(threads);
  engine::Trace trace;
  for (size_t t = 0; t < threads; ++t) {
    calls[t] = *rc::gen::inRange<size_t>(1, 4);
    size_t gap = 0;  // a thread's events come in order: nondecreasing gaps
    for (size_t i = 0; i < calls[t]; ++i) {
      engine::CallSpan span;
      span.thread = static_cast<engine::ThreadId>(t);
      span.index_in_thread = static_cast<int>(i);
      span.first_step = gap += *rc::gen::inRange<size_t>(0, 3);
      span.end_step = gap += *rc::gen::inRange<size_t>(0, 3);
      span.completed = true;
      trace.calls.push_back(span);
    }
  }
  BoundaryOrder order;
  order.shape(calls);
  order.real_time(trace);
  for (int round = 0; round < 20; ++round) {
    std::vector<uint8_t> pos(64, 0);
    for (size_t t = 0; t < threads; ++t) {
      pos[t] = static_cast<uint8_t>(
          *rc::gen::inRange<uint32_t>(0, order.events(static_cast<int>(t)) + 1));
    }
    for (int q = 0; q < static_cast<int>(threads); ++q) {
      bool expected = pos[static_cast<size_t>(q)] < order.events(q);
      for (int p = 0; expected && p < static_cast<int>(threads); ++p) {
        expected = pos[static_cast<size_t>(p)] >= order.need(q, pos[static_cast<size_t>(q)], p);
      }
      RC_ASSERT(order.can_take(q, pos.data()) == expected);
    }
  }
}

// An execution of threads whose calls each make a few steps on two shared locations,
// interleaved step by step; the first step of call `padded` is preceded by `padding` writes
// to a location of its own thread's.
struct Interleaved {
  engine::Trace trace;
  engine::HappensBefore hb;
};

Interleaved interleave(const std::vector<std::vector<std::vector<engine::Transition>>>& calls,
                       const std::vector<size_t>& schedule, size_t padded, size_t padding) {
  Interleaved out;
  const size_t threads = calls.size();
  std::vector<size_t> call(threads, 0), step(threads, 0), first(threads, 0);
  for (size_t t = 0, flat = 0; t < threads; flat += calls[t++].size()) first[t] = flat;
  for (size_t t = 0; t < threads; ++t) {
    for (size_t c = 0; c < calls[t].size(); ++c) {
      out.trace.calls.push_back({static_cast<int>(t), static_cast<int>(c), 0, 0, true});
    }
  }
  out.hb.reset(static_cast<int>(threads), engine::HappensBefore::Kept::kClocks);
  auto emit = [&](engine::Transition x, size_t t) {
    x.thread = static_cast<engine::ThreadId>(t);
    x.call = static_cast<int32_t>(first[t] + call[t]);
    out.trace.steps.push_back(x);
    out.hb.add(x);
  };
  for (size_t t : schedule) {
    engine::CallSpan& span = out.trace.calls[first[t] + call[t]];
    if (step[t] == 0) {
      span.first_step = out.trace.steps.size();
      if (first[t] + call[t] == padded) {
        for (size_t i = 0; i < padding; ++i) {
          emit(engine::Transition::pending(engine::Kind::kWrite, 0x2000 + 8 * t, 8, 0), t);
        }
      }
    }
    emit(calls[t][call[t]][step[t]], t);
    if (++step[t] == calls[t][call[t]].size()) {
      span.end_step = out.trace.steps.size();
      ++call[t];
      step[t] = 0;
    }
  }
  return out;
}

RC_GTEST_PROP(BoundaryOrder, StepsNoOtherThreadSeesLeaveTheOrder, ()) {
  const auto threads = *rc::gen::inRange<size_t>(2, 4);
  std::vector<std::vector<std::vector<engine::Transition>>> calls(threads);
  std::vector<size_t> calls_per_thread, schedule;
  for (size_t t = 0; t < threads; ++t) {
    calls[t].resize(*rc::gen::inRange<size_t>(1, 4));
    for (auto& steps : calls[t]) {
      steps.resize(*rc::gen::inRange<size_t>(1, 4));
      for (engine::Transition& x : steps) {
        const bool write = *rc::gen::arbitrary<bool>();
        x = engine::Transition::pending(write ? engine::Kind::kWrite : engine::Kind::kRead,
                                        0x1000 + 8 * *rc::gen::inRange<uintptr_t>(0, 2), 8, 0);
      }
    }
    calls_per_thread.push_back(calls[t].size());
  }
  std::vector<size_t> left(threads, 0);  // steps each thread has yet to make
  for (size_t t = 0; t < threads; ++t) {
    for (const auto& steps : calls[t]) left[t] += steps.size();
  }
  for (;;) {
    std::vector<size_t> running;
    for (size_t t = 0; t < threads; ++t) {
      if (left[t] > 0) running.push_back(t);
    }
    if (running.empty()) break;
    const size_t t = *rc::gen::elementOf(running);
    schedule.push_back(t);
    --left[t];
  }
  // Around 2^15 and 2^16 steps too: counts past 16 bits, signed or not.
  const auto padding =
      *rc::gen::oneOf(rc::gen::inRange<size_t>(0, 40), rc::gen::inRange<size_t>(32'700, 32'800),
                      rc::gen::inRange<size_t>(65'500, 65'600));
  const size_t calls_in_all = std::accumulate(calls_per_thread.begin(), calls_per_thread.end(), 0u);
  const auto padded = *rc::gen::inRange<size_t>(0, calls_in_all);
  RC_TAG(padding < 40 ? "few" : padding < 65'000 ? "2^15" : "2^16");
  auto order_of = [&](size_t steps, std::vector<uint64_t>* union_relation) {
    const Interleaved run = interleave(calls, schedule, padded, steps);
    BoundaryOrder order;
    order.shape(calls_per_thread);
    order.induce(run.trace, run.hb);
    union_relation->assign(calls_in_all, 0);
    order.possible_precedence(union_relation->data());
    order.complete();
    return std::vector<uint32_t>(order.key(), order.key() + order.key_words());
  };
  std::vector<uint64_t> plain_union, padded_union;
  const std::vector<uint32_t> plain = order_of(0, &plain_union);
  RC_ASSERT(order_of(padding, &padded_union) == plain);
  RC_ASSERT(padded_union == plain_union);
}

}  // namespace
}  // namespace lineup::checker
