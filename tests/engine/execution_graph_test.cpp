// execution_graph(): read from a hand-written trace, and against brute force on the classic
// litmus programs, whose every execution graph shows in a distinct outcome (the values read, or
// the final values that name each location's modification order).
#include "engine/memory/execution_graph.h"

#include <gtest/gtest.h>

#include <array>
#include <set>
#include <string>
#include <vector>

#include "every_execution.h"
#include "fixtures/litmus.h"

namespace lineup::engine::testing {
namespace {

Transition step(ThreadId thread, Kind kind, uintptr_t addr, uint64_t value) {
  Transition t = Transition::pending(kind, addr, 4, 0, kAtomic | kValueKnown);
  t.thread = thread;
  t.value = value;
  return t;
}

// T0 stores x = 1 (step 0); T1 stores x = 2 placed before it (step 1), fences (step 2) and
// loads y's initial value (step 3); T0 loads x = 1 (step 4) and does an rmw on x (step 5)
// reading x's mo-last write, its own store.
Trace hand_written_trace() {
  Trace trace;
  trace.steps = {step(0, Kind::kWrite, 0x100, 1), step(1, Kind::kWrite, 0x100, 2),
                 step(1, Kind::kFence, 0, 0),     step(1, Kind::kRead, 0x200, 0),
                 step(0, Kind::kRead, 0x100, 1),  step(0, Kind::kRmw, 0x100, 3)};
  trace.steps[2].size = 0;
  trace.weak = {WeakNote{1, 0, 1, WeakNote::Kind::kPlacement},
                WeakNote{3, -1, 0, WeakNote::Kind::kRead}, WeakNote{4, 0, 0, WeakNote::Kind::kRead},
                WeakNote{5, 0, 0, WeakNote::Kind::kRead}};
  return trace;
}

TEST(ExecutionGraph, ReadsNotesOfAHandWrittenTrace) {
  ExecutionGraph g = execution_graph(hand_written_trace());
  EventId t0_store{0, 0}, t1_store{1, 0}, t0_rmw{0, 2};
  ASSERT_EQ(g.threads.size(), 2u);
  EXPECT_EQ(g.threads[0], (std::vector<GraphEvent>{{Kind::kWrite, 0, 1, {}},
                                                   {Kind::kRead, 0, 1, t0_store},
                                                   {Kind::kRmw, 0, 3, t0_store}}));
  EXPECT_EQ(g.threads[1],
            (std::vector<GraphEvent>{
                {Kind::kWrite, 0, 2, {}}, {Kind::kFence, 0, 0, {}}, {Kind::kRead, 1, 0, {}}}));
  EXPECT_EQ(g.modification_order,
            (std::vector<std::vector<EventId>>{{t1_store, t0_store, t0_rmw}, {}}));
  EXPECT_EQ(graph_key(g),
            "T0: write@0=1 read@0=1<-0.0 rmw@0=3<-0.0\n"
            "T1: write@0=2 fence read@1=0<-init\n"
            "mo0: 1.0 0.0 0.2\nmo1:\n");
}

// Without notes (sc mode) reads read, and writes follow, the latest write.
TEST(ExecutionGraph, WithoutNotesEverythingIsLatest) {
  Trace trace = hand_written_trace();
  trace.weak.clear();
  ExecutionGraph g = execution_graph(trace);
  EXPECT_EQ(g.modification_order[0], (std::vector<EventId>{{0, 0}, {1, 0}, {0, 2}}));
  EXPECT_EQ(g.threads[0][1].reads_from, (EventId{1, 0}));
  EXPECT_EQ(g.threads[0][2].reads_from, (EventId{1, 0}));
}

struct Counts {
  size_t graphs = 0;
  size_t outcomes = 0;
};

Counts count(fixtures::Litmus litmus) {
  std::array<int, 4> registers{};
  Program p = fixtures::litmus_program(litmus, &registers);
  std::set<std::string> keys;
  std::set<std::array<int, 4>> outcomes;
  for_every_execution(p, MemoryModel::kC11, [&](const ExecutionResult& r) {
    keys.insert(graph_key(execution_graph(r.trace)));
    outcomes.insert(registers);
  });
  return {keys.size(), outcomes.size()};
}

// In these programs each graph has its own outcome, so the graphs are the outcomes: MP and SB
// relaxed 4, seq_cst SB 3, IRIW with acquire loads 16, 2+2W 4 (final values), CoRR 3.
TEST(ExecutionGraph, OneGraphPerOutcome) {
  using fixtures::Litmus;
  for (auto [litmus, graphs] : std::vector<std::pair<Litmus, size_t>>{{Litmus::kMpRelaxed, 4},
                                                                      {Litmus::kSbRelaxed, 4},
                                                                      {Litmus::kSbSeqCst, 3},
                                                                      {Litmus::kIriwAcquire, 16},
                                                                      {Litmus::k2p2wRelaxed, 4},
                                                                      {Litmus::kCoRR, 3}}) {
    Counts c = count(litmus);
    EXPECT_EQ(c.graphs, graphs) << static_cast<int>(litmus);
    EXPECT_EQ(c.graphs, c.outcomes) << static_cast<int>(litmus);
  }
}

}  // namespace
}  // namespace lineup::engine::testing
