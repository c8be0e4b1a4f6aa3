#include "checker/boundary_order.h"

#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <string>

#include "checker/call_set.h"

namespace lineup::checker {

void BoundaryOrder::shape(const std::vector<size_t>& calls_per_thread) {
  size_t threads = calls_per_thread.size();
  events_.assign(threads, 0);
  bases_.assign(threads, 0);
  first_event_.assign(threads, 0);
  calls_ = 0;
  for (size_t t = 0; t < threads; ++t) {
    bases_[t] = static_cast<uint32_t>(calls_);
    first_event_[t] = static_cast<uint32_t>(2 * calls_);
    events_[t] = static_cast<uint32_t>(2 * calls_per_thread[t]);
    calls_ += calls_per_thread[t];
  }
  if (calls_ > kMaxCalls) {
    throw std::invalid_argument("at most " + std::to_string(kMaxCalls) + " calls can be checked");
  }
  // can_take() reads a row of up to 4 threads as one word: 3 bytes past the last row.
  need_bytes_ = 2 * calls_ * threads;
  need_.assign(need_bytes_ + 3, 0);
  key_.assign((need_bytes_ + 3) / 4, 0);
  const uint32_t lanes = threads >= 4 ? ~uint32_t{0} : (uint32_t{1} << (8 * threads)) - 1;
  high_lanes_ = lanes & 0x80808080u;
  if (threads > engine::kMaxThreads) throw std::invalid_argument("too many threads");
  gap_.assign(2 * calls_, 0);
  steps_before_.assign(2 * calls_, 0);
  last_step_.assign(2 * calls_, 0);
  stride_ = (calls_ + 15) / 16 * 16;
  known_.assign(threads * stride_, 0);
  others_.assign(threads, 0);
  earlier_.assign(calls_, 0);
  const uint64_t all = first_calls(calls_);
  for (size_t t = 0; t < threads; ++t) {
    const size_t count = calls_per_thread[t];
    const uint64_t own = first_calls(count) << bases_[t];
    others_[t] = all & ~own;
    for (size_t i = 0; i < count; ++i) earlier_[bases_[t] + i] = first_calls(i) << bases_[t];
  }
}

namespace {

// The clock of a response whose thread made no step before it.
constexpr uint32_t kNothingKnown[engine::kMaxThreads] = {};

}  // namespace

void BoundaryOrder::induce(const engine::Trace& trace, const engine::HappensBefore& hb) {
  // The engine runs a thread from one of its steps to its next scheduling point alone, so a
  // boundary event of thread q at gap g > 0 directly follows q's last step before it (step
  // g - 1), unless q has made no step yet; its clock counts q's steps up to it, and a
  // response's clock is what the response knows of every thread. Only what
  // possible_precedence() reads is set here (the steps before each invocation, and known_);
  // complete() places every event. When an event is not placed so (q's first event after
  // other threads' steps, or a trace not made by the engine) the steps are scanned.
  const size_t threads = events_.size(), steps = hb.size(), stride = stride_;
  uint32_t* const before = steps_before_.data();
  uint16_t* const known = known_.data();
  bool direct = true;
  // The clock of the step an event at gap g of thread q directly follows; nullptr when q has
  // made no step before it, or when it does not directly follow one (clearing `direct`).
  auto clock_at = [&](size_t g, size_t q) -> const uint32_t* {
    if (g == 0) return nullptr;
    if (g > steps || static_cast<size_t>(hb.thread(g - 1)) != q) {
      direct = false;
      return nullptr;
    }
    return hb.clock(g - 1);
  };
  for (const engine::CallSpan& span : trace.calls) {
    const auto q = static_cast<size_t>(span.thread);
    const auto i = static_cast<size_t>(span.index_in_thread);
    const size_t e = first_event_[q] + 2 * i, x = bases_[q] + i;
    const uint32_t* invoked = clock_at(span.first_step, q);
    before[e] = invoked == nullptr ? 0 : invoked[q];
    const uint32_t* responded = clock_at(span.end_step, q);
    if (responded == nullptr) responded = kNothingKnown;
    // Unrolled for the usual few threads: a loop costs more than its stores. Counts are
    // stored in 16 bits: exact while the trace has fewer steps than kNarrowSteps (below).
    switch (threads) {
      case 4:
        known[3 * stride + x] = static_cast<uint16_t>(responded[3]);
        [[fallthrough]];
      case 3:
        known[2 * stride + x] = static_cast<uint16_t>(responded[2]);
        [[fallthrough]];
      case 2:
        known[stride + x] = static_cast<uint16_t>(responded[1]);
        [[fallthrough]];
      case 1:
        known[x] = static_cast<uint16_t>(responded[0]);
        break;
      default:
        for (size_t p = 0; p < threads; ++p) {
          known[p * stride + x] = static_cast<uint16_t>(responded[p]);
        }
    }
  }
  hb_ = &hb;
  trace_ = &trace;
  complete_ = false;
  // A trace too long for 16-bit counts is placed from its clocks and completed at once:
  // possible_precedence() then reads the complete order.
  const bool wide = steps >= kNarrowSteps;
  placed_ = !direct || wide;
  if (placed_) place(trace, hb);
  if (wide) complete();
}

void BoundaryOrder::complete() {
  if (complete_) return;
  if (!placed_) place_directly(*trace_);
  need_rows(*hb_);
  pack();
  complete_ = true;
}

void BoundaryOrder::place_directly(const engine::Trace& trace) {
  // Each event directly follows its thread's last step before it, if any (induce() found
  // so): the step before its gap. A response's count of its thread's steps is in known_.
  uint32_t* const before = steps_before_.data();
  uint32_t* const last = last_step_.data();
  for (const engine::CallSpan& span : trace.calls) {
    const auto q = static_cast<size_t>(span.thread);
    const auto i = static_cast<size_t>(span.index_in_thread);
    const size_t e = first_event_[q] + 2 * i;
    before[e + 1] = known_[q * stride_ + bases_[q] + i];
    last[e] = before[e] == 0 ? 0 : static_cast<uint32_t>(span.first_step - 1);
    last[e + 1] = before[e + 1] == 0 ? 0 : static_cast<uint32_t>(span.end_step - 1);
  }
}

void BoundaryOrder::place(const engine::Trace& trace, const engine::HappensBefore& hb) {
  const size_t steps = hb.size();
  bool direct = true;
  for (const engine::CallSpan& span : trace.calls) {
    const auto q = static_cast<size_t>(span.thread);
    const size_t e = first_event_[q] + 2 * static_cast<size_t>(span.index_in_thread);
    gap_[e] = static_cast<uint32_t>(span.first_step);
    gap_[e + 1] = static_cast<uint32_t>(span.end_step);
    for (size_t k = 0; k < 2; ++k) {
      const size_t g = gap_[e + k];
      if (g == 0) {
        steps_before_[e + k] = last_step_[e + k] = 0;
      } else if (g <= steps && static_cast<size_t>(hb.thread(g - 1)) == q) {
        steps_before_[e + k] = hb.clock(g - 1)[q];
        last_step_[e + k] = static_cast<uint32_t>(g - 1);
      } else {
        direct = false;
      }
    }
  }
  if (!direct) {
    count_steps_before(hb);
    known_before_responses(hb);
  }
}

void BoundaryOrder::count_steps_before(const engine::HappensBefore& hb) {
  const size_t threads = events_.size();
  // One pass over the steps: each thread's events come in trace order, so a cursor per
  // thread finds, for each event, how many of its thread's steps precede it and which is the
  // last of them.
  uint32_t count[engine::kMaxThreads], cursor[engine::kMaxThreads];
  uint32_t last[engine::kMaxThreads];
  for (size_t q = 0; q < threads; ++q) count[q] = cursor[q] = last[q] = 0;
  const size_t steps = hb.size();
  for (size_t i = 0; i < steps; ++i) {
    const auto q = static_cast<size_t>(hb.thread(i));
    const uint32_t first = first_event_[q];
    while (cursor[q] < events_[q] && gap_[first + cursor[q]] <= i) {
      steps_before_[first + cursor[q]] = count[q];
      last_step_[first + cursor[q]] = last[q];
      ++cursor[q];
    }
    ++count[q];
    last[q] = static_cast<uint32_t>(i);
  }
  for (size_t q = 0; q < threads; ++q) {
    for (uint32_t c = cursor[q]; c < events_[q]; ++c) {
      steps_before_[first_event_[q] + c] = count[q];
      last_step_[first_event_[q] + c] = last[q];
    }
  }
}

void BoundaryOrder::known_before_responses(const engine::HappensBefore& hb) {
  for (size_t p = 0; p < events_.size(); ++p) {
    for (uint32_t j = 0; j < events_[p] / 2; ++j) {
      const uint32_t response = first_event_[p] + 2 * j + 1;
      know(bases_[p] + j, steps_before_[response] == 0 ? nullptr : hb.clock(last_step_[response]));
    }
  }
}

void BoundaryOrder::know(size_t x, const uint32_t* clock) {
  for (size_t q = 0; q < events_.size(); ++q)
    known_[q * stride_ + x] = static_cast<uint16_t>(clock == nullptr ? 0 : clock[q]);
}

void BoundaryOrder::need_rows(const engine::HappensBefore& hb) {
  const size_t threads = events_.size();
  // Event e of thread q follows event f of thread p when p's first step after f happens
  // before q's last step before e; the p-events forced before e form a prefix of p's chain.
  // Along q's chain the clocks only grow, so each prefix starts where the one of q's previous
  // event ended: one pass over p's chain per pair of threads. The members are read into
  // locals first: the rows are bytes, whose stores the compiler must assume may change them.
  uint32_t events[engine::kMaxThreads], first[engine::kMaxThreads];
  for (size_t p = 0; p < threads; ++p) {
    events[p] = events_[p];
    first[p] = first_event_[p];
  }
  const uint32_t* const before = steps_before_.data();
  const uint32_t* const last = last_step_.data();
  uint8_t* const need = need_.data();
  for (size_t q = 0; q < threads; ++q) {
    uint32_t n[engine::kMaxThreads];
    for (size_t p = 0; p < threads; ++p) n[p] = 0;
    for (uint32_t e = first[q]; e < first[q] + events[q]; ++e) {
      uint8_t* row = need + e * threads;
      if (before[e] == 0) {
        for (size_t p = 0; p < threads; ++p) row[p] = 0;
        continue;
      }
      // No step of q between the previous event and this one (a call invoked right after
      // the one before responded): the same last step, the same row.
      if (e > first[q] && before[e] == before[e - 1]) {
        for (size_t p = 0; p < threads; ++p) row[p] = row[p - threads];
        continue;
      }
      const uint32_t* clock = hb.clock(last[e]);
      for (size_t p = 0; p < threads; ++p) {
        if (p != q) {
          const uint32_t* f = before + first[p];
          uint32_t k = n[p];
          while (k < events[p] && f[k] < clock[p]) ++k;
          n[p] = k;
        }
        row[p] = static_cast<uint8_t>(n[p]);
      }
    }
  }
}

void BoundaryOrder::real_time(const engine::Trace& trace) {
  const size_t threads = events_.size();
  complete_ = true;
  for (const engine::CallSpan& span : trace.calls) {
    size_t e = first_event_[static_cast<size_t>(span.thread)] + 2 * span.index_in_thread;
    gap_[e] = static_cast<uint32_t>(span.first_step);
    gap_[e + 1] = static_cast<uint32_t>(span.end_step);
  }
  for (size_t q = 0; q < threads; ++q) {
    for (uint32_t i = 0; i < events_[q]; ++i) {
      uint8_t* row = &need_[(first_event_[q] + i) * threads];
      uint32_t g = gap_[first_event_[q] + i];
      for (size_t p = 0; p < threads; ++p) {
        uint32_t n = 0;
        if (p != q) {
          // An event of p comes first if it is in an earlier gap, or in the same gap and p
          // is the lower thread.
          const uint32_t* f = &gap_[first_event_[p]];
          while (n < events_[p] && (f[n] < g || (f[n] == g && p < q))) ++n;
        }
        row[p] = static_cast<uint8_t>(n);
      }
    }
  }
  pack();
}

void BoundaryOrder::possible_precedence(uint64_t* precedes) const {
  if (!complete_) {
    possible_precedence_from_clocks(precedes);
    return;
  }
  const size_t threads = events_.size();
  // Earlier calls of the same thread always respond before y is invoked.
  std::copy(earlier_.begin(), earlier_.end(), precedes);
  // Call x (call j of thread p) can precede call y (call i of thread q) unless y's invocation
  // (event 2i of q) is among the q-events forced before x's response: need(p, 2j + 1, q) of
  // them, so every y with 2i >= that count.
  for (size_t p = 0; p < threads; ++p) {
    for (uint32_t j = 0; j < events_[p] / 2; ++j) {
      const uint8_t* row = &need_[(first_event_[p] + 2 * j + 1) * threads];
      const uint64_t x = uint64_t{1} << (bases_[p] + j);
      for (size_t q = 0; q < threads; ++q) {
        if (q == p) continue;
        for (uint32_t i = (row[q] + 1u) / 2; i < events_[q] / 2; ++i) precedes[bases_[q] + i] |= x;
      }
    }
  }
}

uint64_t BoundaryOrder::take_responses(uint8_t* pos) const {
  const int threads = static_cast<int>(events_.size());
  uint64_t taken = 0;
  for (bool progress = true; progress;) {
    progress = false;
    for (int q = 0; q < threads; ++q) {
      // Odd events are responses: event 2i + 1 is call i's.
      while ((pos[q] & 1) && can_take(q, pos)) {
        taken |= uint64_t{1} << (bases_[static_cast<size_t>(q)] + pos[q] / 2u);
        ++pos[q];
        progress = true;
      }
    }
  }
  return taken;
}

uint64_t BoundaryOrder::calls_at(const uint8_t* pos, bool responded) const {
  uint64_t calls = 0;
  for (size_t t = 0; t < events_.size(); ++t) {
    // Call i's invocation is event 2i, its response 2i + 1.
    const uint32_t n = responded ? pos[t] / 2u : (pos[t] + 1u) / 2;
    calls |= first_calls(n) << bases_[t];
  }
  return calls;
}

namespace {

// Bit k set when a[k] <= b, for k < 16: sixteen calls compared at once, without branches.
// Both are below 2^15 (see kNarrowSteps), so a signed comparison is exact.
uint64_t at_most(const uint16_t* a, uint32_t b) {
  using Lanes = int16_t __attribute__((vector_size(16)));
  Lanes low, high;
  __builtin_memcpy(&low, a, sizeof low);
  __builtin_memcpy(&high, a + 8, sizeof high);
  const auto bound = static_cast<int16_t>(b);
  const Lanes low_greater = low > bound, high_greater = high > bound;  // all ones where a[k] > b
#if defined(__SSE2__)
  // The lanes narrowed to bytes (saturating keeps 0 and -1) and their sign bits gathered:
  // what _mm_packs_epi16 and _mm_movemask_epi8 do, without the intrinsics header, which not
  // every compiler reading this code can parse.
  const int greater =
      __builtin_ia32_pmovmskb128(__builtin_ia32_packsswb128(low_greater, high_greater));
  return static_cast<uint64_t>(~greater & 0xffff);
#else
  uint64_t bits = 0;
  for (int k = 0; k < 8; ++k) {
    bits |= static_cast<uint64_t>(low_greater[k] + 1) << k;
    bits |= static_cast<uint64_t>(high_greater[k] + 1) << (k + 8);
  }
  return bits;
#endif
}

}  // namespace

void BoundaryOrder::possible_precedence_from_clocks(uint64_t* precedes) const {
  const size_t threads = events_.size();
  // y's invocation is forced before x's response when y's first step (the first of its
  // thread q after the invocation) happens before x's last: when x's response knows of more
  // of q's steps than come before y's invocation. Otherwise x can precede y. Sixteen calls x
  // at a time, without branches: which pairs are ordered varies from one execution to the
  // next, so early exits mispredict. Earlier calls of the same thread always respond before
  // y is invoked.
  for (size_t q = 0; q < threads; ++q) {
    const uint16_t* known = &known_[q * stride_];
    const uint32_t* invocations = &steps_before_[first_event_[q]];  // every other one
    const size_t begin = bases_[q], count = events_[q] / 2;
    const uint64_t others = others_[q];
    for (size_t i = 0; i < count; ++i) {
      const uint32_t invoked_after = invocations[2 * i];
      uint64_t word = at_most(known, invoked_after);
      for (size_t x = 16; x < calls_; x += 16) word |= at_most(known + x, invoked_after) << x;
      precedes[begin + i] = (word & others) | earlier_[begin + i];
    }
  }
}

void BoundaryOrder::pack() {
  if (need_bytes_ > 0) std::memcpy(key_.data(), need_.data(), need_bytes_);
}

}  // namespace lineup::checker
