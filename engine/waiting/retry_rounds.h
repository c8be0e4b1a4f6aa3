// Retry rounds that changed nothing. The compiler plugin (plugin/retry_loops.cpp) marks the
// loops whose rounds carry no state from one round to the next: nothing a round computes in
// registers or locals reaches the next. A round of such a loop that also took no step with an
// effect (only reads of shared memory and failing compare-exchanges) leaves the thread as it
// found it, so the execution without that round has the same history as this one: with
// EngineOptions::cut_retry_rounds the thread is then disabled for good (GenMC's spin-assume;
// Kokologiannakis, Ren, Vafeiadis, FMCAD 2021) and the execution ends as cut once no thread
// can run. One exception keeps liveness bugs visible: when every location the round read
// still holds the value it read, going round again would read the same and change nothing
// again, for ever; the thread then spins, and a stall with it is a deadlock as for any spin.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "engine/transition.h"
#include "engine/waiting/spin_window.h"

namespace lineup::engine {

class RetryRounds {
 public:
  /// Back to a thread that has not started.
  void restart() {
    marks_.clear();
    watch_.clear();
    loop_ = nullptr;
    due_ = cut_ = false;
  }
  /// Forgets where the loops' rounds started (at a call's start).
  void clear_marks() { marks_.clear(); }

  /// Thread `me` enters marked loop `loop` ("file:line:col"), or, `again`, ends a round of it
  /// and goes back to its header, with `steps` the execution's steps so far. Returns whether
  /// the round that ended had no effect; its steps are then me's from index *from on.
  bool note(const char* loop, bool again, const std::vector<Transition>& steps, ThreadId me,
            size_t* from) {
    Mark* mark = find(loop);
    if (mark == nullptr) {
      marks_.push_back({loop, steps.size()});
      return false;
    }
    *from = mark->from;
    mark->from = steps.size();
    return again && changed_nothing(steps, *from, me);
  }
  /// After a round of `loop` changed nothing: the thread is to be disabled before its next
  /// step (cut_due(), begin_cut()).
  void cut_at(const char* loop) {
    loop_ = loop;
    due_ = true;
  }
  /// A cut is due: the thread is disabled before its next step (begin_cut()).
  bool cut_due() const { return due_; }
  void begin_cut() {
    due_ = false;
    cut_ = true;
  }
  /// The thread is disabled for good: its last round changed nothing.
  bool cut() const { return cut_; }
  /// The marked loop of the cut round.
  const char* loop() const { return loop_; }
  /// Whether every location the cut round read still holds the value it read: going round
  /// again would change nothing again.
  bool stuck() const {
    for (const Watch& w : watch_) {
      if (SpinWindow::load(w.addr, w.size) != w.value) return false;
    }
    return true;
  }

 private:
  struct Mark {
    const char* loop;
    size_t from;  // the step index where its current round started
  };
  struct Watch {
    uintptr_t addr;
    uint32_t size;
    uint64_t value;
  };

  Mark* find(const char* loop) {
    for (Mark& m : marks_) {
      if (m.loop == loop) return &m;
    }
    return nullptr;
  }
  // Whether thread me's steps from `from` on are all reads of known values (a failing
  // compare-exchange is a read); collects them as the watch set.
  bool changed_nothing(const std::vector<Transition>& steps, size_t from, ThreadId me) {
    watch_.clear();
    for (size_t i = from; i < steps.size(); ++i) {
      const Transition& s = steps[i];
      if (s.thread != me) continue;
      if (s.kind != Kind::kRead || !s.has(kValueKnown) || s.size > 8) return false;
      watch_.push_back({s.addr, s.size, s.value});
    }
    return true;
  }

  std::vector<Mark> marks_;
  std::vector<Watch> watch_;
  const char* loop_ = nullptr;
  bool due_ = false;
  bool cut_ = false;
};

}  // namespace lineup::engine
