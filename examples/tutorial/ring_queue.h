// A queue of at most two values in a ring of two slots: pushes take a lock, pops are lock-free.
// It has a concurrency bug (docs/tutorial.md finds it, explains it and fixes it).
#pragma once

#include <atomic>
#include <mutex>

class RingQueue {
 public:
  static constexpr int kCapacity = 2;

  // Appends v; false when the queue already holds kCapacity values.
  bool push(int v) {
    std::lock_guard<std::mutex> lock(push_mutex_);
    int tail = tail_.load();
    if (tail - head_.load() == kCapacity) return false;
    slots_[tail % kCapacity].store(v);
    tail_.store(tail + 1);
    return true;
  }

  // Takes the oldest value into v; false when the queue is empty.
  bool pop(int& v) {
    int head = head_.load();
    while (head != tail_.load()) {
      if (head_.compare_exchange_weak(head, head + 1)) {
        v = slots_[head % kCapacity].load();
        return true;
      }
    }
    return false;
  }

 private:
  std::mutex push_mutex_;
  std::atomic<int> head_{0};  // index of the oldest value
  std::atomic<int> tail_{0};  // index one past the newest value
  std::atomic<int> slots_[kCapacity] = {};
};
