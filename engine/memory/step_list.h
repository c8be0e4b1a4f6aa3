// The steps that touched one location, for happens-before's backward scans.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "engine/transition.h"

namespace lineup::engine {

/// The steps that touched one location, in execution order, with each step's position
/// linked to the start of its run (the consecutive entries by the same thread), so that a
/// backward scan can pass over a thread's steps it no longer needs in one jump. Both live in
/// one array of pairs.
class StepList {
 public:
  size_t size() const { return size_; }
  uint32_t step(size_t x) const { return entries_[x].step; }
  /// Position of the first entry of the run that position x belongs to.
  size_t run_start(size_t x) const { return entries_[x].run_start; }
  /// The threads with an entry (bit t for thread t): a backward scan that no longer needs
  /// any of them can stop.
  uint64_t threads() const { return threads_; }
  void clear() {
    size_ = 0;
    last_thread_ = kNoThread;
    threads_ = 0;
  }
  void push(uint32_t step, ThreadId thread) {
    // The array only grows (size_ counts the entries in use): a push is a store.
    if (size_ == entries_.size()) entries_.resize(entries_.empty() ? 16 : 2 * entries_.size());
    const bool same = size_ != 0 && thread == last_thread_;
    threads_ |= uint64_t{1} << thread;
    entries_[size_] = {step, same ? entries_[size_ - 1].run_start : static_cast<uint32_t>(size_),
                       threads_, thread};
    ++size_;
    last_thread_ = thread;
  }
  /// Drops the entries of steps `steps` and later (they were pushed last), restoring the
  /// list as it was before they were pushed.
  void truncate(uint32_t steps) {
    while (size_ != 0 && entries_[size_ - 1].step >= steps) --size_;
    last_thread_ = size_ == 0 ? kNoThread : entries_[size_ - 1].thread;
    threads_ = size_ == 0 ? 0 : entries_[size_ - 1].threads;
  }

 private:
  struct Entry {
    uint32_t step, run_start;
    uint64_t threads;  // threads() once this entry was pushed
    ThreadId thread;
  };
  std::vector<Entry> entries_;
  size_t size_ = 0;
  ThreadId last_thread_ = kNoThread;
  uint64_t threads_ = 0;
};

}  // namespace lineup::engine
