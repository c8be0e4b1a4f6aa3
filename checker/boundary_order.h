// The order an execution induces on its calls' boundary events (each call's invocation and
// response), which is all a verdict depends on besides the results. Each thread's boundary
// events form a chain (invocation, response, next invocation, ...); across threads the order
// is given, for every event e of thread q and every other thread p, by how many of p's
// events must come before e. Dependency-aware (van den Hooff 2014 sec. 3.4): those whose thread's
// next step happens before e's thread's last step before e; classic Line-Up: those that came before
// e in this interleaving. Two executions with equal orders and equal results get the same verdict,
// so the order is the key of the verdict memo.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include "engine/memory/happens_before.h"
#include "engine/trace.h"

namespace lineup::checker {

class BoundaryOrder {
 public:
  /// Prepares for executions of a program whose thread t makes calls_per_thread[t] calls,
  /// numbered thread-major (call i of thread t is base(t) + i). At most 64 calls.
  void shape(const std::vector<size_t>& calls_per_thread);

  /// The order happens-before `hb` (of every step of `trace`) induces, in one pass over the
  /// steps. Every call of the program must have completed in `trace`. Only
  /// possible_precedence() is ready after it (most executions need nothing more); complete()
  /// computes the rest, while `trace` and `hb` are still alive and unchanged.
  void induce(const engine::Trace& trace, const engine::HappensBefore& hb);
  /// Makes need(), can_take(), take_responses() and key() ready after induce() (nothing to
  /// do after real_time()).
  void complete();
  /// The real-time order of `trace`'s interleaving (a total order: ties within one gap go
  /// by thread).
  void real_time(const engine::Trace& trace);

  int threads() const { return static_cast<int>(events_.size()); }
  size_t calls() const { return calls_; }
  /// Thread t's boundary events: 2 per call; event 2i is call i's invocation, 2i+1 its
  /// response.
  uint32_t events(int t) const { return events_[static_cast<size_t>(t)]; }
  /// Flat index of thread t's first call.
  uint32_t base(int t) const { return bases_[static_cast<size_t>(t)]; }
  /// How many of thread p's events come before event i of thread q (0 for p == q).
  uint8_t need(int q, uint32_t i, int p) const {
    return need_[(first_event_[static_cast<size_t>(q)] + i) * events_.size() +
                 static_cast<size_t>(p)];
  }
  /// Whether thread q's next boundary event can come next, when pos[p] of each thread p's
  /// events have come: q has one left, and every event the order forces before it has come.
  /// `pos` is read 4 entries at a time: it has at least 4, those past the threads ignored.
  bool can_take(int q, const uint8_t* pos) const {
    const uint32_t i = pos[static_cast<size_t>(q)];
    if (i == events_[static_cast<size_t>(q)]) return false;
    const uint8_t* row = &need_[(first_event_[static_cast<size_t>(q)] + i) * events_.size()];
    if (events_.size() <= 4) {
      // Every thread's count at least the one needed, 4 at once: each byte of (come | 0x80)
      // - needed keeps its high bit exactly when come >= needed (both below 128, as counts
      // of a thread's events are when there are 2 threads or more), with no borrow.
      uint32_t come = 0, needed = 0;
      std::memcpy(&come, pos, 4);
      std::memcpy(&needed, row, 4);
      return (((come | 0x80808080u) - (needed & 0x7f7f7f7fu)) & high_lanes_) == high_lanes_;
    }
    for (size_t p = 0; p < events_.size(); ++p) {
      if (pos[p] < row[p]) return false;
    }
    return true;
  }
  /// The calls (bit base(t) + i: call i of thread t) whose invocation (`responded` false) or
  /// response (true) has come when pos[t] of each thread t's events have come.
  uint64_t calls_at(const uint8_t* pos, bool responded) const;
  /// Advances `pos` over every response that can come (repeatedly, as one may let another):
  /// a response placed as early as possible only adds precedence, so the interleavings that
  /// matter take them so. Returns the calls whose responses it took. `pos` as for can_take().
  uint64_t take_responses(uint8_t* pos) const;
  /// The union of the relations every interleaving keeping the order gives: word y has bit
  /// x when x's response can come before y's invocation (y's invocation is not forced before
  /// x's response). An order of the calls respecting it respects every one of them.
  void possible_precedence(uint64_t* precedes) const;
  /// The order packed in words: equal for two executions iff their orders are equal.
  const uint32_t* key() const { return key_.data(); }
  size_t key_words() const { return key_.size(); }

 private:
  void pack();
  // possible_precedence() after induce(), from known_ and the steps before invocations (no
  // rows needed).
  void possible_precedence_from_clocks(uint64_t* precedes) const;
  // Every event's gap_, steps_before_ and last_step_ (and known_ when an event is not placed
  // directly after a step of its thread).
  void place(const engine::Trace& trace, const engine::HappensBefore& hb);
  // place() when induce() found every event directly after its thread's last step before
  // it: from the calls' spans, without looking at the steps.
  void place_directly(const engine::Trace& trace);
  // For place(): each event's steps_before_ and last_step_ from one pass over the steps (its
  // gap_ set), and each event's row of need_ from them.
  void count_steps_before(const engine::HappensBefore& hb);
  void known_before_responses(const engine::HappensBefore& hb);
  // known_ for call x's response from `clock`, its thread's last step's before it (nullptr:
  // its thread made no step before it).
  void know(size_t x, const uint32_t* clock);
  void need_rows(const engine::HappensBefore& hb);

  size_t calls_ = 0;
  std::vector<uint32_t> events_, bases_, first_event_;  // per thread
  std::vector<uint8_t> need_;  // [event][thread], events thread-major; 3 bytes of padding
  size_t need_bytes_ = 0;      // without the padding
  uint32_t high_lanes_ = 0;    // the high bits of the bytes of the threads in a word
  std::vector<uint32_t> key_;
  // Per execution, reused: each event's gap (trace index), how many of its thread's steps
  // precede it and the last of those (trace index).
  std::vector<uint32_t> gap_, steps_before_, last_step_;
  // After induce(): [q * stride_ + x], how many of thread q's steps happen before call x's
  // response (those its thread's last step before the response knows of). Rows are padded
  // to a multiple of 16 calls, compared 16 at a time; counts are exact in 16 bits (signed)
  // for traces of fewer than kNarrowSteps steps, and longer ones are completed by induce().
  static constexpr size_t kNarrowSteps = 1 << 15;
  std::vector<uint16_t> known_;
  size_t stride_ = 0;
  std::vector<uint64_t> others_;               // per thread: the calls of the other threads
  std::vector<uint64_t> earlier_;              // per call: the calls of its thread before it
  const engine::HappensBefore* hb_ = nullptr;  // of the last induce(), until complete()
  const engine::Trace* trace_ = nullptr;       // the same
  bool complete_ = true;                       // need_ and key_ are of the last order
  bool placed_ = true;                         // every event placed for the last induce()
};

}  // namespace lineup::checker
