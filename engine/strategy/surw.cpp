#include "engine/strategy/surw.h"

#include <bit>
#include <unordered_map>

#include "engine/strategy/random_bits.h"

namespace lineup::engine {

SurwStrategy::SurwStrategy(uint64_t seed, uint64_t executions) : rng_(seed), budget_(executions) {}

bool SurwStrategy::begin_execution() {
  taken_.clear();
  return budget_.take();
}

// One of the contended locations, or every step as one more option: running steps elsewhere
// first makes some interleavings unreachable while a location is selected (a thread's steps
// elsewhere always precede the others' next interesting step), so every interleaving keeps a
// chance through the executions that weigh every step.
void SurwStrategy::select_next() {
  size_t pick = static_cast<size_t>(bounded_random(rng_, contended_.size() + 1));
  if (pick < contended_.size()) {
    selected_ = contended_[pick];
    estimate_ = counts_[pick];
  } else {
    selected_ = 0;
    estimate_ = totals_;
  }
}

Decision SurwStrategy::next_thread(const SchedulingPoint& point) {
  size_t threads = static_cast<size_t>(point.thread_count);
  if (taken_.size() != threads) taken_.assign(threads, 0);
  // Threads about to take an uninteresting step go first, in random order.
  uint64_t elsewhere = 0;
  for (uint64_t m = point.enabled; m != 0; m &= m - 1) {
    int t = std::countr_zero(m);
    if (!interesting(point.pending[t])) elsewhere |= uint64_t{1} << t;
  }
  if (elsewhere != 0) {
    uint64_t r = bounded_random(rng_, static_cast<uint64_t>(std::popcount(elsewhere)));
    for (; r > 0; --r) elsewhere &= elsewhere - 1;
    return Decision::run(std::countr_zero(elsewhere));
  }
  bool known = estimate_.size() == threads;
  // Weight of thread t: its estimated interesting steps left, at least 1 (it has a pending
  // one, so an estimate it has outrun is too low); 1 for all when nothing is known.
  auto weight = [&](int t) -> uint64_t {
    size_t i = static_cast<size_t>(t);
    return known && estimate_[i] > taken_[i] ? estimate_[i] - taken_[i] : 1;
  };
  ThreadId chosen = std::countr_zero(point.enabled);
  if ((point.enabled & (point.enabled - 1)) != 0) {  // more than one: draw
    uint64_t total = 0;
    for (uint64_t m = point.enabled; m != 0; m &= m - 1) total += weight(std::countr_zero(m));
    uint64_t r = bounded_random(rng_, total);
    for (uint64_t m = point.enabled; m != 0; m &= m - 1) {
      int t = std::countr_zero(m);
      uint64_t w = weight(t);
      if (r < w) {
        chosen = t;
        break;
      }
      r -= w;
    }
  }
  ++taken_[static_cast<size_t>(chosen)];
  return Decision::run(chosen);
}

void SurwStrategy::end_execution(const ExecutionResult& result) {
  // Only a completed execution shows how many steps each thread takes to finish.
  if (result.outcome == Outcome::kCompleted) learn(result.trace);
  select_next();
}

void SurwStrategy::learn(const Trace& trace) {
  size_t threads = taken_.size();
  totals_.assign(threads, 0);
  contended_.clear();
  counts_.clear();
  std::unordered_map<uintptr_t, size_t> index;  // location -> its row in counts_
  std::vector<uint64_t> touched;                // per row: the threads that stepped there
  for (const Transition& s : trace.steps) {
    auto t = static_cast<size_t>(s.thread);
    if (t >= threads) continue;
    ++totals_[t];
    if (s.addr == 0) continue;
    auto [it, fresh] = index.try_emplace(s.addr, contended_.size());
    if (fresh) {
      contended_.push_back(s.addr);
      counts_.emplace_back(threads, 0);
      touched.push_back(0);
    }
    ++counts_[it->second][t];
    touched[it->second] |= uint64_t{1} << t;
  }
  // Keep the locations at least two threads stepped on.
  size_t kept = 0;
  for (size_t i = 0; i < contended_.size(); ++i) {
    if (std::popcount(touched[i]) < 2) continue;
    if (kept != i) {
      contended_[kept] = contended_[i];
      counts_[kept] = std::move(counts_[i]);
    }
    ++kept;
  }
  contended_.resize(kept);
  counts_.resize(kept);
}

}  // namespace lineup::engine
