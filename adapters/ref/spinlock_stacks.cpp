// Bounded array stacks guarded by a spin lock built on one read-modify-write, the textbook C++
// spin locks: `while (flag.test_and_set(acquire)) {}`, `while (locked.exchange(true, acquire))
// {}` and `while (word.fetch_or(1, acquire) & 1) {}`. A waiting thread's round repeats a
// read-modify-write that leaves the lock as it is, which spin detection treats as a spin: the
// thread waits until the holder's release changes the lock word. Correct by construction: a
// hunt over them must find nothing, and none of their executions may reach the step limit.
#include <atomic>

#include "specs/structure.h"

namespace {

using lineup::specs::kEmpty;

struct TestAndSetLock {
  std::atomic_flag flag = ATOMIC_FLAG_INIT;
  void lock() {
    while (flag.test_and_set(std::memory_order_acquire)) {
    }
  }
  void unlock() { flag.clear(std::memory_order_release); }
};

struct ExchangeLock {
  std::atomic<bool> locked{false};
  void lock() {
    while (locked.exchange(true, std::memory_order_acquire)) {
    }
  }
  void unlock() { locked.store(false, std::memory_order_release); }
};

struct FetchOrLock {
  std::atomic<unsigned> word{0};
  void lock() {
    while ((word.fetch_or(1, std::memory_order_acquire) & 1) != 0) {
    }
  }
  void unlock() { word.fetch_and(~1u, std::memory_order_release); }
};

template <class Lock>
class SpinLockedStack {
 public:
  int push(int v) {
    lock_.lock();
    if (size_ == kCapacity) {
      lock_.unlock();
      return 0;
    }
    items_[size_++] = v;
    lock_.unlock();
    return 1;
  }
  int pop() {
    lock_.lock();
    if (size_ == 0) {
      lock_.unlock();
      return kEmpty;
    }
    const int v = items_[--size_];
    lock_.unlock();
    return v;
  }

 private:
  static constexpr int kCapacity = 16;
  Lock lock_;
  int size_ = 0;
  int items_[kCapacity] = {};
};

template <class Lock>
lineup::specs::Structure<SpinLockedStack<Lock>> declare(const char* name, const char* what) {
  using Stack = SpinLockedStack<Lock>;
  return lineup::specs::Structure<Stack>(name, lineup::specs::stack_model())
      .describe(what)
      .origin("ref")
      .synchronizes_handoffs()  // the lock's acquire and release order the calls
      .operation("push", [](Stack& s, int v) { return s.push(v); })
      .operation("pop", [](Stack& s, int) { return s.pop(); });
}

LINEUP_REGISTER(declare<TestAndSetLock>("ref/spinlock-stack-tas",
                                        "array stack behind a test_and_set spin lock"));
LINEUP_REGISTER(declare<ExchangeLock>("ref/spinlock-stack-exchange",
                                      "array stack behind an exchange(true) spin lock"));
LINEUP_REGISTER(declare<FetchOrLock>("ref/spinlock-stack-fetch-or",
                                     "array stack behind a fetch_or(1) spin lock"));

}  // namespace
