// The class fingerprint against equivalence decided by brute force: two executions are
// equivalent when each thread does the same steps in both and every pair of dependent steps
// of different threads comes in the same order. Their fingerprints must be equal exactly then,
// whether computed by ClassFingerprint or by HappensBefore (which must also agree with each other).
#include "engine/memory/class_fingerprint.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <utility>
#include <vector>

#include "engine/memory/happens_before.h"
#include "tests/engine/random_steps.h"

namespace lineup::engine {
namespace {

// Another interleaving of the same threads' steps: at each point a thread with steps left,
// picked by `picks`.
std::vector<Transition> reinterleave(const std::vector<Transition>& trace, int threads,
                                     const std::vector<int>& picks) {
  std::vector<std::vector<Transition>> per_thread(static_cast<size_t>(threads));
  for (const Transition& t : trace) per_thread[static_cast<size_t>(t.thread)].push_back(t);
  std::vector<size_t> next(static_cast<size_t>(threads), 0);
  std::vector<Transition> out;
  for (size_t i = 0; i < trace.size(); ++i) {
    std::vector<int> ready;
    for (int u = 0; u < threads; ++u) {
      if (next[static_cast<size_t>(u)] < per_thread[static_cast<size_t>(u)].size()) {
        ready.push_back(u);
      }
    }
    const int u = ready[static_cast<size_t>(picks[i]) % ready.size()];
    out.push_back(per_thread[static_cast<size_t>(u)][next[static_cast<size_t>(u)]++]);
  }
  return out;
}

// For each pair of dependent steps of different threads, named by (thread, position), which
// comes first.
std::vector<std::pair<std::pair<int, int>, std::pair<int, int>>> dependent_order(
    const std::vector<Transition>& trace, int threads) {
  std::vector<int> count(static_cast<size_t>(threads), 0);
  std::vector<std::pair<int, int>> name;
  for (const Transition& t : trace)
    name.emplace_back(t.thread, count[static_cast<size_t>(t.thread)]++);
  std::vector<std::pair<std::pair<int, int>, std::pair<int, int>>> out;
  for (size_t j = 0; j < trace.size(); ++j) {
    for (size_t i = j + 1; i < trace.size(); ++i) {
      if (trace[j].thread != trace[i].thread &&
          dependent(Access::of(trace[j]), Access::of(trace[i]))) {
        out.emplace_back(name[j], name[i]);
      }
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

// Whether two executions of `threads` threads are equivalent: each thread does the same
// steps in both, and dependent steps of different threads come in the same order.
bool equivalent(const std::vector<Transition>& a, const std::vector<Transition>& b, int threads) {
  auto per_thread = [threads](const std::vector<Transition>& trace) {
    std::vector<std::vector<Access>> out(static_cast<size_t>(threads));
    for (const Transition& t : trace) out[static_cast<size_t>(t.thread)].push_back(Access::of(t));
    return out;
  };
  return per_thread(a) == per_thread(b) &&
         dependent_order(a, threads) == dependent_order(b, threads);
}

uint64_t standalone(const std::vector<Transition>& trace) {
  // One object for every call, as in a hunt: what an execution leaves must not change the
  // next one's fingerprint.
  static ClassFingerprint f;
  return f.of(trace);
}

uint64_t from_relation(const std::vector<Transition>& trace, int threads) {
  HappensBefore hb;
  hb.reset(threads);
  for (const Transition& t : trace) hb.add(t);
  return hb.fingerprint();
}

RC_GTEST_PROP(ClassFingerprint, EqualExactlyForEquivalentExecutions, ()) {
  const int threads = *rc::gen::inRange(1, 4);
  const auto trace = *rc::gen::container<std::vector<Transition>>(spread_step(threads));
  const auto picks =
      *rc::gen::container<std::vector<int>>(trace.size(), rc::gen::inRange(0, threads));
  auto other = reinterleave(trace, threads, picks);
  // Sometimes one step of the other execution touches a different number of bytes: a
  // different step (a different path through the code) unless its granules stay the same.
  if (!other.empty() && *rc::gen::arbitrary<bool>()) {
    const auto k = *rc::gen::inRange<size_t>(0, other.size());
    other[k].size = *rc::gen::element<uint32_t>(1, 2, 4, 8, 16);
  }
  const bool same = equivalent(trace, other, threads);
  RC_TAG(same);
  RC_ASSERT(standalone(trace) == from_relation(trace, threads));
  RC_ASSERT(standalone(other) == from_relation(other, threads));
  RC_ASSERT((standalone(trace) == standalone(other)) == same);
}

// Every interleaving of a few threads' steps on heap-like addresses (where weak hashes of
// neighbouring granules cancel out in a sum): fingerprints and classes correspond one to one.
RC_GTEST_PROP(ClassFingerprint, NamesEachClassOfAllInterleavings, ()) {
  const int threads = *rc::gen::inRange(2, 4);
  const auto base = *rc::gen::element<uintptr_t>(0x7fa43ec00050, 0x55d1c2a4e2a8, 0x7ffc1d2e3f40);
  std::vector<std::vector<Transition>> per_thread(static_cast<size_t>(threads));
  for (int u = 0; u < threads; ++u) {
    const auto kinds =
        *rc::gen::container<std::vector<int>>(*rc::gen::inRange(1, 4), rc::gen::inRange(0, 3));
    for (int k : kinds) {
      static constexpr Kind kKinds[] = {Kind::kRead, Kind::kWrite, Kind::kRmw};
      Transition t = Transition::pending(kKinds[k], base + 8 * *rc::gen::inRange<uintptr_t>(0, 3),
                                         *rc::gen::element<uint32_t>(8, 16), 0);
      t.thread = u;
      per_thread[static_cast<size_t>(u)].push_back(t);
    }
  }
  std::map<std::vector<std::pair<std::pair<int, int>, std::pair<int, int>>>, uint64_t> by_class;
  std::map<uint64_t, size_t> classes_of;
  std::vector<Transition> trace;
  std::vector<size_t> next(static_cast<size_t>(threads), 0);
  auto interleave = [&](auto&& self) -> void {
    bool any = false;
    for (int u = 0; u < threads; ++u) {
      auto& n = next[static_cast<size_t>(u)];
      if (n == per_thread[static_cast<size_t>(u)].size()) continue;
      any = true;
      trace.push_back(per_thread[static_cast<size_t>(u)][n++]);
      self(self);
      trace.pop_back();
      --n;
    }
    if (any) return;
    const uint64_t f = standalone(trace);
    auto [it, fresh] = by_class.emplace(dependent_order(trace, threads), f);
    RC_ASSERT(it->second == f);
    if (fresh) ++classes_of[f];
  };
  interleave(interleave);
  RC_TAG(by_class.size());
  for (const auto& [f, classes] : classes_of) RC_ASSERT(classes == size_t{1});
}

// A relation kept across executions (truncated, then extended) has the fingerprint of its
// steps.
RC_GTEST_PROP(ClassFingerprint, HappensBeforeKeepsItAcrossTruncations, ()) {
  const int threads = *rc::gen::inRange(1, 4);
  auto trace = *rc::gen::container<std::vector<Transition>>(spread_step(threads));
  HappensBefore hb;
  hb.reset(threads);
  for (const Transition& t : trace) hb.add(t);
  const auto keep = *rc::gen::inRange<size_t>(0, trace.size() + 1);
  trace.resize(keep);
  hb.truncate(keep);
  for (const Transition& t : *rc::gen::container<std::vector<Transition>>(spread_step(threads))) {
    trace.push_back(t);
    hb.add(t);
  }
  RC_ASSERT(hb.fingerprint() == standalone(trace));
}

}  // namespace
}  // namespace lineup::engine
