// BoundaryOrder::can_take against its definition (thread q's next event can come when q has
// one left and every thread has come as far as that event needs), over real-time orders of
// random spans and random positions: up to 4 threads it compares 4 counts at once, beyond
// that one at a time.
#include "checker/boundary_order.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cstdint>
#include <vector>

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

}  // namespace
}  // namespace lineup::checker
