// c11 mode beyond the litmus outcome sets: exact replay of schedules with memory-model
// choices, traces that say which store a load read, data races on plain locations.
#include <gtest/gtest.h>

#include <array>
#include <string>
#include <vector>

#include "engine/engine.h"
#include "engine/strategy/dfs.h"
#include "engine/trace_printer.h"
#include "fixtures/litmus.h"
#include "fixtures/stack_atomic.h"

namespace lineup::engine {
namespace {

EngineOptions c11(bool plain_steps = false) {
  EngineOptions options;
  options.memory_model = MemoryModel::kC11;
  options.schedule_plain_accesses = plain_steps;
  options.detect_spins = false;
  return options;
}

struct Recorded {
  std::string token, trace;
  std::array<int, 4> registers;
};

std::vector<Recorded> every_execution(fixtures::Litmus litmus) {
  Engine engine(c11());
  std::array<int, 4> registers{};
  Program p = fixtures::litmus_program(litmus, &registers);
  DfsStrategy dfs;
  std::vector<Recorded> runs;
  engine.explore(p, dfs, [&](const ExecutionResult& r) {
    runs.push_back({r.schedule.to_token(), format_trace(r, p, engine), registers});
    return r.ok();
  });
  return runs;
}

TEST(WeakMemory, ScheduleTokenKeepsChoices) {
  Schedule s;
  s.choices = {0, 0, 1, 1, 0};
  s.stale = {0, 0, 0, 2, 1, 0};
  EXPECT_EQ(s.to_token(), "s1:a2b2a/w:0x3,2,1,0");
  std::optional<Schedule> back = Schedule::from_token(s.to_token());
  ASSERT_TRUE(back.has_value());
  EXPECT_EQ(*back, s);
  // Tokens of SC mode read as before, with no choices.
  back = Schedule::from_token("s1:a2b");
  ASSERT_TRUE(back.has_value());
  EXPECT_TRUE(back->stale.empty());
  EXPECT_FALSE(Schedule::from_token("s1:a/w:1,,2").has_value());
}

// Every execution of 2+2W (placement choices), IRIW (read choices) and the rmw programs (an rmw
// reading a stale store, placed before newer ones) replays from its token to
// the same trace, notes included, and the same outcome.
TEST(WeakMemory, ReplayIsExact) {
  for (fixtures::Litmus litmus :
       {fixtures::Litmus::k2p2wRelaxed, fixtures::Litmus::kIriwAcquire,
        fixtures::Litmus::kMpRelaxedCas, fixtures::Litmus::kRmwAtomicity}) {
    std::vector<Recorded> runs = every_execution(litmus);
    ASSERT_FALSE(runs.empty());
    Engine engine(c11());
    std::array<int, 4> registers{};
    Program p = fixtures::litmus_program(litmus, &registers);
    for (const Recorded& run : runs) {
      std::optional<Schedule> s = Schedule::from_token(run.token);
      ASSERT_TRUE(s.has_value()) << run.token;
      const ExecutionResult& again = engine.replay(p, *s);
      ASSERT_EQ(again.outcome, Outcome::kCompleted) << again.message;
      EXPECT_EQ(format_trace(again, p, engine), run.trace);
      EXPECT_EQ(registers, run.registers) << run.token;
    }
  }
}

// The execution of relaxed MP that reads the flag and then stale data says so in its trace.
TEST(WeakMemory, TraceNamesTheStoreRead) {
  int stale_data = 0;
  for (const Recorded& run : every_execution(fixtures::Litmus::kMpRelaxed)) {
    if (run.registers[0] != 1 || run.registers[1] != 0) continue;
    ++stale_data;
    EXPECT_NE(run.trace.find("reads the initial value, not the latest (1 newer store)"),
              std::string::npos)
        << run.trace;
    EXPECT_NE(run.trace.find("reads the store of step 1"), std::string::npos) << run.trace;
  }
  EXPECT_EQ(stale_data, 1);
}

// An rmw that reads a stale store says what it read and where it went.
TEST(WeakMemory, TraceNamesTheStoreAnRmwReadAndItsPlace) {
  int stale_data = 0;
  for (const Recorded& run : every_execution(fixtures::Litmus::kMpRelaxedRmw)) {
    if (run.registers[0] != 1 || run.registers[1] != 0) continue;
    ++stale_data;
    EXPECT_NE(run.trace.find("reads the initial value, not the latest (1 newer store); placed "
                             "before the store of step 0 in modification order (1 store after "
                             "it)"),
              std::string::npos)
        << run.trace;
  }
  EXPECT_EQ(stale_data, 1);
}

// EngineOptions::latest_rmws (the replay of counterexamples of format 1 and 2): rmws read the
// newest store, as they did then; plain loads still read stale ones. In relaxed MP with a
// fetch_add, the flag seen, the fetch_add then reads T0's store, never the initial value.
TEST(WeakMemory, LatestRmwsReadTheNewestStoreOnly) {
  for (bool latest : {false, true}) {
    EngineOptions options = c11();
    options.latest_rmws = latest;
    Engine engine(options);
    std::array<int, 4> registers{};
    Program p = fixtures::litmus_program(fixtures::Litmus::kMpRelaxedRmw, &registers);
    DfsStrategy dfs;
    int stale_rmw = 0, stale_flag = 0;
    engine.explore(p, dfs, [&](const ExecutionResult& r) {
      stale_rmw += registers[0] == 1 && registers[1] == 0;
      stale_flag += registers[0] == 0 && registers[1] == 1;
      return r.ok();
    });
    EXPECT_EQ(stale_rmw, latest ? 0 : 1) << latest;
    EXPECT_GT(stale_flag, 0) << latest;
  }
}

int count_races(std::memory_order store, std::memory_order load, MemoryModel model,
                uint64_t* executions) {
  EngineOptions options = c11(true);
  options.memory_model = model;
  Engine engine(options);
  int seen = 0;
  Program p = fixtures::publish_plain_data(store, load, &seen);
  DfsStrategy dfs;
  int races = 0;
  *executions = engine.explore(p, dfs, [&](const ExecutionResult& r) {
    if (r.outcome == Outcome::kDataRace) {
      ++races;
      EXPECT_NE(r.message.find("data race: T1 reads at step"), std::string::npos) << r.message;
    } else {
      EXPECT_EQ(r.outcome, Outcome::kCompleted) << r.message;
      EXPECT_TRUE(seen == -1 || seen == 42) << seen;
    }
    return true;
  });
  return races;
}

// A plain int published with a relaxed flag is a data race when the reader sees the flag;
// release/acquire orders the accesses. SC mode does not look for races.
TEST(WeakMemory, DataRaceOnPlainData) {
  uint64_t executions = 0;
  auto rlx = std::memory_order_relaxed;
  auto rel = std::memory_order_release;
  auto acq = std::memory_order_acquire;
  EXPECT_EQ(count_races(rel, rlx, MemoryModel::kC11, &executions), 210);
  EXPECT_EQ(executions, 672u);
  EXPECT_EQ(count_races(rlx, acq, MemoryModel::kC11, &executions), 210);
  EXPECT_EQ(executions, 672u);
  EXPECT_EQ(count_races(rel, acq, MemoryModel::kC11, &executions), 0);
  EXPECT_EQ(executions, 672u);
  EXPECT_EQ(count_races(rlx, rlx, MemoryModel::kSc, &executions), 0);
  EXPECT_EQ(executions, 462u);
}

// A failing seq_cst compare-exchange reads like a seq_cst load: never a store older than one
// that came before it in the seq_cst order (the order of the execution). Here T1's
// compare-exchange that runs after T0's seq_cst store reads it, never the initial value.
TEST(WeakMemory, AFailedSeqCstCasReadsNoStoreBeforeTheLastSeqCstOne) {
  Engine engine(c11());
  std::array<int, 4> registers{};
  Program p = fixtures::litmus_program(fixtures::Litmus::kScStoreFailedCas, &registers);
  DfsStrategy dfs;
  int after = 0;
  engine.explore(p, dfs, [&](const ExecutionResult& r) {
    EXPECT_EQ(r.outcome, Outcome::kCompleted) << r.message;
    const bool store_first = !r.trace.steps.empty() && r.trace.steps.front().thread == 0;
    if (store_first) {
      ++after;
      EXPECT_EQ(registers[0], 1) << r.schedule.to_token();
    }
    return true;
  });
  EXPECT_GT(after, 0);
}

// A known race let pass: a suppression matching an access's place (here its file) lets every
// execution go on and counts the race where it was reported; one that matches neither access
// leaves the races reported.
TEST(WeakMemory, SuppressedRacesAreCountedNotReported) {
  for (const char* pattern : {"litmus.cpp", "no_such_place.cpp"}) {
    EngineOptions options = c11(true);
    options.race_suppressions = {pattern};
    Engine engine(options);
    int seen = 0;
    Program p =
        fixtures::publish_plain_data(std::memory_order_relaxed, std::memory_order_relaxed, &seen);
    DfsStrategy dfs;
    uint64_t races = 0, suppressed = 0;
    uint64_t executions = engine.explore(p, dfs, [&](const ExecutionResult& r) {
      races += r.outcome == Outcome::kDataRace;
      suppressed += r.suppressed_races;
      return true;
    });
    const bool matches = std::string(pattern) != "no_such_place.cpp";
    EXPECT_EQ(races, matches ? 0u : 210u) << pattern;
    EXPECT_EQ(suppressed, matches ? 210u : 0u) << pattern;
    EXPECT_EQ(executions, 672u) << pattern;
  }
}

// An atomic built on a thread's own stack where an earlier call's atomic stood (plain writes
// there are no steps): its loads read its own construction, never the earlier call's messages.
TEST(WeakMemory, AStackAtomicBuiltAgainStartsOver) {
  Engine engine(c11(/*plain_steps=*/true));
  std::array<int, 4> loaded{};
  Program p = fixtures::stack_atomic_program(&loaded);
  DfsStrategy dfs;
  uint64_t executions = engine.explore(p, dfs, [&](const ExecutionResult& r) {
    EXPECT_EQ(r.outcome, Outcome::kCompleted) << r.message;
    EXPECT_EQ(loaded, (std::array<int, 4>{1, 2, 1, 2}));
    return r.ok() && loaded == std::array<int, 4>{1, 2, 1, 2};
  });
  EXPECT_TRUE(dfs.coverage().exhaustive());
  EXPECT_GT(executions, 1u);
}

}  // namespace
}  // namespace lineup::engine
