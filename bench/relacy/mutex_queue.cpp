// Relacy harness for bench/relacy_compare.sh: the program lineup's random hunt runs on
// ref/queue, as close as Relacy allows. Three threads make three calls each on one queue,
// a std::deque guarded by a mutex (Relacy's, so that lock and unlock are its scheduling
// points, as they are lineup's with --atomics-only); Relacy's random scheduler picks the
// interleavings. Relacy has no linearizability check, so after each execution only the
// count of values is checked. Prints iterations and iterations per second.
//
// Build (done by the script): g++ -O2 -std=c++17 -I RELACY_DIR mutex_queue.cpp
#include <relacy/relacy.hpp>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <fstream>
#include <iostream>

namespace {

constexpr int kEmpty = -1;

struct MutexQueue : rl::test_suite<MutexQueue, 3> {
  rl::mutex lock;
  std::deque<int> items;
  int pushed = 0, popped = 0;

  void before() {
    items.clear();
    pushed = popped = 0;
  }
  void push(int v) {
    lock.lock($);
    items.push_back(v);
    ++pushed;
    lock.unlock($);
  }
  int pop() {
    lock.lock($);
    int v = kEmpty;
    if (!items.empty()) {
      v = items.front();
      items.pop_front();
      ++popped;
    }
    lock.unlock($);
    return v;
  }
  // T0: push(1) pop() push(2); T1: pop() push(3) pop(); T2: push(4) pop() pop(), a typical
  // program of lineup's generator for a queue.
  void thread(unsigned index) {
    switch (index) {
      case 0:
        push(1), pop(), push(2);
        break;
      case 1:
        pop(), push(3), pop();
        break;
      default:
        push(4), pop(), pop();
    }
  }
  void after() { RL_ASSERT(pushed - popped == static_cast<int>(items.size())); }
};

}  // namespace

int main(int argc, char** argv) {
  rl::test_params params;
  params.iteration_count = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 1000000;
  params.search_type = rl::random_scheduler_type;
  std::ofstream quiet("/dev/null");  // Relacy's progress lines, unless asked for
  params.output_stream = std::getenv("RELACY_VERBOSE") == nullptr ? &quiet : &std::cout;
  params.progress_stream = params.output_stream;
  auto start = std::chrono::steady_clock::now();
  bool ok = rl::simulate<MutexQueue>(params);
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("relacy: %llu iterations in %.2f s (%.0f iterations/s)%s\n",
              static_cast<unsigned long long>(params.iteration_count), seconds,
              static_cast<double>(params.iteration_count) / seconds, ok ? "" : ", FAILED");
  return ok ? 0 : 1;
}
