// Accesses to a thread's own stack are no steps until a pointer into the stack is published
// (EngineOptions::private_stack_steps), however the pointer travels; the classes explored are
// those of a run with a step at every stack access.
#include <gtest/gtest.h>

#include <cstdint>
#include <set>

#include "engine/engine.h"
#include "engine/memory/class_fingerprint.h"
#include "engine/strategy/dpor.h"
#include "fixtures/fixtures.h"
#include "test_runs.h"

namespace {

uintptr_t local_address = 0;
const void* stashed = nullptr;

}  // namespace

void stack_sharing_local(const void* address) {
  local_address = reinterpret_cast<uintptr_t>(address);
}
void stack_sharing_stash(const void* address) { stashed = address; }
void* stack_sharing_unstash() { return const_cast<void*>(stashed); }

namespace lineup::engine {
namespace {

using fixtures::StackHandoff;

constexpr StackHandoff kHandoffs[] = {StackHandoff::kAtomicPointer, StackHandoff::kTaggedPointer,
                                      StackHandoff::kPlainPointer, StackHandoff::kCopiedPointer};

EngineOptions with_stack_steps(bool on) {
  EngineOptions o;
  o.private_stack_steps = on;
  return o;
}

// Steps of each thread at T0's local, in a run that never preempts; `late` gets the run's
// late_stack_publications.
std::vector<int> steps_at_local(StackHandoff how, bool stack_steps, uint32_t* late = nullptr) {
  Engine engine(with_stack_steps(stack_steps));
  int seen = 0;
  Program p = fixtures::stack_sharing_program(how, &seen);
  ExecutionResult r = testing::run_non_preemptive(engine, p);
  EXPECT_TRUE(r.ok()) << r.message;
  if (late != nullptr) *late = r.late_stack_publications;
  std::vector<int> steps(2, 0);
  for (const Transition& t : r.trace.steps) {
    if (t.addr == local_address) ++steps[static_cast<size_t>(t.thread)];
  }
  return steps;
}

TEST(StackSteps, AnUnpublishedLocalHasNoSteps) {
  EXPECT_EQ(steps_at_local(StackHandoff::kNone, false), (std::vector<int>{0, 0}));
  // int local = 0, write 1, write 2, read.
  EXPECT_EQ(steps_at_local(StackHandoff::kNone, true), (std::vector<int>{4, 0}));
}

TEST(StackSteps, APublishedLocalHasStepsFromThePublicationOn) {
  for (StackHandoff how : kHandoffs) {
    // T0: int local = 0 and write 1 (before the publication), write 2, read; then T1
    // writes 3.
    uint32_t late = 9;
    EXPECT_EQ(steps_at_local(how, false, &late), (std::vector<int>{2, 1})) << static_cast<int>(how);
    EXPECT_EQ(late, 0U) << static_cast<int>(how);
    EXPECT_EQ(steps_at_local(how, true), (std::vector<int>{4, 1})) << static_cast<int>(how);
  }
}

TEST(StackSteps, ALocalReachedThroughAPointerNoHookSawIsCountedAsLate) {
  // T0's four accesses come before T1 first touches the local: none was a step.
  uint32_t late = 9;
  EXPECT_EQ(steps_at_local(StackHandoff::kUnseenPointer, false, &late), (std::vector<int>{0, 1}));
  EXPECT_EQ(late, 1U);
  EXPECT_EQ(steps_at_local(StackHandoff::kUnseenPointer, true, &late), (std::vector<int>{4, 1}));
  EXPECT_EQ(late, 0U);
}

struct Explored {
  std::set<int> seen;
  std::set<uint64_t> classes;
  std::set<uint32_t> late;  // late_stack_publications of the executions
};

Explored explore(StackHandoff how, bool stack_steps) {
  Engine engine(with_stack_steps(stack_steps));
  DporStrategy dpor;
  int seen = 0;
  Program p = fixtures::stack_sharing_program(how, &seen);
  Explored out;
  ClassFingerprint fingerprint;
  engine.explore(p, dpor, [&](const ExecutionResult& r) {
    if (r.outcome == Outcome::kAbandoned) return true;
    EXPECT_TRUE(r.ok()) << r.message;
    out.seen.insert(seen);
    out.classes.insert(fingerprint.of(r.trace.steps));
    out.late.insert(r.late_stack_publications);
    return true;
  });
  EXPECT_TRUE(dpor.coverage().exhaustive());
  return out;
}

TEST(StackSteps, EveryHandoffReachesTheValuesOfAStepAtEveryAccess) {
  for (StackHandoff how : kHandoffs) {
    Explored without = explore(how, false), with = explore(how, true);
    EXPECT_EQ(without.seen, (std::set<int>{2, 3})) << static_cast<int>(how);
    EXPECT_EQ(with.seen, (std::set<int>{2, 3})) << static_cast<int>(how);
    EXPECT_EQ(without.classes.size(), with.classes.size()) << static_cast<int>(how);
  }
  EXPECT_EQ(explore(StackHandoff::kNone, false).seen, (std::set<int>{2}));
}

TEST(StackSteps, APointerNoHookSawLosesInterleavingsAndSaysSo) {
  // T1's write of 3 between T0's write of 2 and its read is missed: T0's accesses were no
  // steps. Every execution in which T1 reached the local reports it.
  Explored without = explore(StackHandoff::kUnseenPointer, false);
  EXPECT_EQ(without.seen, (std::set<int>{2}));
  EXPECT_EQ(without.late, (std::set<uint32_t>{1}));
  Explored with = explore(StackHandoff::kUnseenPointer, true);
  EXPECT_EQ(with.seen, (std::set<int>{2, 3}));
  EXPECT_EQ(with.late, (std::set<uint32_t>{0}));
}

}  // namespace
}  // namespace lineup::engine
