// HappensBefore's clocks and per-granule step lists against happens-before and the accesses
// computed by brute force from dependent(), for up to 9 threads (clocks of several blocks) and
// accesses of 1 to 24 bytes; and
// HappensBefore::truncate against a relation built from scratch: adding a trace, truncating it
// to a prefix and adding another continuation must leave exactly the relation of the prefix
// plus that continuation, whatever the steps (reads, writes, read-modify-writes, fences,
// predicate waits, accesses spanning several granules).
#include "engine/memory/happens_before.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cstdint>
#include <stdexcept>
#include <vector>

#include "tests/engine/random_steps.h"

namespace lineup::engine {
namespace {

constexpr int kThreads = 3;

rc::Gen<Transition> step() {
  return rc::gen::map(rc::gen::tuple(rc::gen::inRange(0, kThreads), rc::gen::inRange(0, 5),
                                     rc::gen::inRange(0, 4), rc::gen::element<uint32_t>(1, 4, 8)),
                      [](const std::tuple<int, int, int, uint32_t>& s) {
                        static constexpr Kind kKinds[] = {Kind::kRead, Kind::kWrite, Kind::kRmw,
                                                          Kind::kFence, Kind::kAwait};
                        Transition t = Transition::pending(
                            kKinds[std::get<1>(s)],
                            0x1000 + 4 * static_cast<uintptr_t>(std::get<2>(s)), std::get<3>(s), 0);
                        t.thread = std::get<0>(s);
                        return t;
                      });
}

std::vector<uint32_t> steps_of(const StepList& list) {
  std::vector<uint32_t> out;
  for (size_t x = 0; x < list.size(); ++x) out.push_back(list.step(x));
  return out;
}

// Everything a strategy or the checker reads from the relation.
void expect_same(const HappensBefore& got, const HappensBefore& want) {
  RC_ASSERT(got.size() == want.size());
  RC_ASSERT(got.fingerprint() == want.fingerprint());
  for (size_t i = 0; i < want.size(); ++i) {
    RC_ASSERT(got.thread(i) == want.thread(i));
    RC_ASSERT(got.access(i) == want.access(i));
    RC_ASSERT(std::vector<uint32_t>(got.clock(i), got.clock(i) + kThreads) ==
              std::vector<uint32_t>(want.clock(i), want.clock(i) + kThreads));
  }
  for (ThreadId t = 0; t < kThreads; ++t) {
    RC_ASSERT(std::vector<uint32_t>(got.thread_clock(t), got.thread_clock(t) + kThreads) ==
              std::vector<uint32_t>(want.thread_clock(t), want.thread_clock(t) + kThreads));
  }
  for (uintptr_t g = 0x1000 >> Access::kGranuleShift; g <= (0x1000 + 20) >> Access::kGranuleShift;
       ++g) {
    RC_ASSERT(steps_of(got.accesses(g)) == steps_of(want.accesses(g)));
    RC_ASSERT(steps_of(got.writes_to(g)) == steps_of(want.writes_to(g)));
    RC_ASSERT(got.accesses(g).threads() == want.accesses(g).threads());
    RC_ASSERT(got.writes_to(g).threads() == want.writes_to(g).threads());
    for (size_t x = 0; x < want.accesses(g).size(); ++x) {
      RC_ASSERT(got.accesses(g).run_start(x) == want.accesses(g).run_start(x));
    }
  }
}

RC_GTEST_PROP(HappensBefore, TruncatingThenAddingEqualsBuildingFromScratch, ()) {
  const auto first = *rc::gen::container<std::vector<Transition>>(step());
  const auto prefix = *rc::gen::inRange<size_t>(0, first.size() + 1);
  auto second = std::vector<Transition>(first.begin(), first.begin() + prefix);
  for (const Transition& t : *rc::gen::container<std::vector<Transition>>(step())) {
    second.push_back(t);
  }
  HappensBefore incremental;
  incremental.reset(kThreads);
  for (const Transition& t : first) incremental.add(t);
  Trace trace;
  trace.steps = second;
  const size_t common = incremental.common_prefix(trace);
  RC_ASSERT(common >= prefix);
  RC_ASSERT(common <= std::min(first.size(), second.size()));
  if (common < std::min(first.size(), second.size())) {
    RC_ASSERT(!(first[common].thread == second[common].thread &&
                Access::of(first[common]) == Access::of(second[common])));
  }
  incremental.truncate(common);
  for (size_t i = common; i < second.size(); ++i) incremental.add(second[i]);
  HappensBefore scratch;
  scratch.reset(kThreads);
  for (const Transition& t : second) scratch.add(t);
  expect_same(incremental, scratch);
}

// Two truncations in a row (the relation is reused across many executions).
RC_GTEST_PROP(HappensBefore, RepeatedTruncationsKeepTheRelationExact, ()) {
  HappensBefore incremental;
  incremental.reset(kThreads);
  std::vector<Transition> current;
  for (int round = 0; round < 4; ++round) {
    const auto keep = *rc::gen::inRange<size_t>(0, current.size() + 1);
    current.resize(keep);
    incremental.truncate(keep);
    for (const Transition& t : *rc::gen::container<std::vector<Transition>>(step())) {
      current.push_back(t);
      incremental.add(t);
    }
    HappensBefore scratch;
    scratch.reset(kThreads);
    for (const Transition& t : current) scratch.add(t);
    expect_same(incremental, scratch);
  }
}

// Step i's clock counts, for each thread u, u's steps that happen before or are step i, where
// happens-before is the transitive closure of program order and of dependent() between the
// steps of different threads in trace order.
RC_GTEST_PROP(HappensBefore, ClocksCountTheStepsThatHappenBefore, ()) {
  const int threads = *rc::gen::inRange(1, 10);
  const auto trace = *rc::gen::container<std::vector<Transition>>(spread_step(threads));
  const size_t n = trace.size();
  // before[j][i]: step j happens before step i (j < i).
  std::vector<std::vector<bool>> before(n, std::vector<bool>(n, false));
  for (size_t i = 0; i < n; ++i) {
    // From the nearest step back: before[k][i] is known for every k between j and i.
    for (size_t j = i; j-- > 0;) {
      before[j][i] = trace[j].thread == trace[i].thread ||
                     dependent(Access::of(trace[j]), Access::of(trace[i]));
      for (size_t k = j + 1; k < i && !before[j][i]; ++k)
        before[j][i] = before[j][k] && before[k][i];
    }
  }
  // One relation reused, as a judge reuses it: the clocks are the same whatever it kept for
  // the execution before.
  HappensBefore hb;
  uint64_t fingerprint = 0;  // kAll's
  for (const HappensBefore::Kept kept :
       {HappensBefore::Kept::kAll, HappensBefore::Kept::kClocks,
        HappensBefore::Kept::kClocksAndClass, HappensBefore::Kept::kAll}) {
    hb.reset(threads, kept);
    for (const Transition& t : trace) hb.add(t);
    RC_ASSERT(hb.size() == n);
    if (kept == HappensBefore::Kept::kAll) fingerprint = hb.fingerprint();
    RC_ASSERT(hb.fingerprint() == (kept == HappensBefore::Kept::kClocks ? 0 : fingerprint));
    for (size_t i = 0; i < n; ++i) {
      std::vector<uint32_t> want(static_cast<size_t>(threads), 0);
      for (size_t j = 0; j <= i; ++j) {
        if (j == i || before[j][i]) ++want[static_cast<size_t>(trace[j].thread)];
      }
      RC_ASSERT(std::vector<uint32_t>(hb.clock(i), hb.clock(i) + threads) == want);
      RC_ASSERT(hb.thread(i) == trace[i].thread);
      RC_ASSERT(hb.access(i) == Access::of(trace[i]));
      for (size_t j = 0; j < i; ++j) RC_ASSERT(hb.ordered(j, i) == before[j][i]);
    }
    if (kept != HappensBefore::Kept::kAll) continue;
    // Each granule's lists: the steps that touched it, and the writing ones, in order, however
    // neighbouring granules were kept (one location for two while every step touched both).
    for (uintptr_t g = 0x1000 >> Access::kGranuleShift; g <= (0x1000 + 40) >> Access::kGranuleShift;
         ++g) {
      std::vector<uint32_t> touched, written;
      uint64_t threads_there = 0;
      for (size_t i = 0; i < n; ++i) {
        const Access a = Access::of(trace[i]);
        if (a.none || a.reads_everything || g < a.first || g > a.last) continue;
        touched.push_back(static_cast<uint32_t>(i));
        threads_there |= uint64_t{1} << trace[i].thread;
        if (a.writes) written.push_back(static_cast<uint32_t>(i));
      }
      RC_ASSERT(steps_of(hb.accesses(g)) == touched);
      RC_ASSERT(steps_of(hb.writes_to(g)) == written);
      RC_ASSERT(hb.accesses(g).threads() == threads_there);
    }
  }
}

TEST(HappensBefore, KeepingOnlyClocksRefusesToDropSomeSteps) {
  HappensBefore hb;
  hb.reset(2, HappensBefore::Kept::kClocks);
  Transition t = Transition::pending(Kind::kWrite, 0x1000, 4, 0);
  for (ThreadId thread : {0, 1, 0}) {
    t.thread = thread;
    hb.add(t);
  }
  EXPECT_THROW(hb.truncate(1), std::logic_error);
  hb.truncate(3);
  EXPECT_EQ(hb.size(), 3U);
  hb.truncate(0);
  EXPECT_EQ(hb.size(), 0U);
  EXPECT_EQ(hb.fingerprint(), 0U);
}

}  // namespace
}  // namespace lineup::engine
