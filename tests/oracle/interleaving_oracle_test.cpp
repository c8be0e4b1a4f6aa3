// The engine's strategies against the interleaving oracle (interleavings.h), which shares no
// code with lineup. Each test draws 2,000 RapidCheck programs (2-3 threads; loads, stores,
// CASes, fetch_adds, critical sections on two mutexes, condition waits and notifications,
// bounded spin-waits), runs each as real instrumented code under one strategy in the
// configuration `lineup hunt` uses (every access a scheduling point, spin detection on,
// CB-DPOR iterative up to bound 2), and compares outcomes (every value read, deadlock or not,
// final cells) with the oracle's:
//   cbdpor, icb and gambit with bound 2: an outcome is reached with exactly the fewest
//     preemptions the oracle needs for it, if that is at most 2, and never otherwise;
//   portfolio (CB-DPOR bound 2 and POS): every outcome within the bound, nothing else;
//   dpor: every reachable outcome, nothing else, with one execution per class;
//   random, pct, pos and surw: nothing the oracle cannot reach, never with fewer preemptions
//     than it needs.
// A last test turns on a deliberately wrong dependency rule and expects outcomes to go missing.
#include <gtest/gtest.h>
#include <rapidcheck.h>

#include <iostream>

#include "controlled.h"
#include "engine/memory/happens_before.h"
#include "engine/strategy/dpor.h"
#include "engine/strategy/factory.h"
#include "generate.h"
#include "interleavings.h"
#include "lineup/hunt/hunt.h"

namespace oracle {
namespace {

namespace le = lineup::engine;

constexpr int kPrograms = 2000;

struct Tally {
  uint64_t programs = 0, oracle_outcomes = 0, executions = 0, missing = 0, unexpected = 0;
  uint64_t with_wait = 0, with_spin = 0, with_lock = 0, deadlocks = 0;  // what was covered
  uint64_t classes = 0, abandoned = 0;                                  // summed over programs
  // Programs where the executions outnumber the classes; programs without a blocking
  // operation (lock, condition wait, spin-wait), and the executions abandoned in those.
  uint64_t surplus = 0, without_blocking = 0, abandoned_without_blocking = 0;
  uint64_t fallbacks = 0, uncertain = 0;  // dpor's (dpor.h)

  void count(const Program& p, const std::map<Outcome, int>& oracle,
             const ControlledOutcomes& got) {
    bool wait = false, spin = false, lock = false;
    for (const auto& ops : p.threads) {
      for (const Op& op : ops) {
        wait |= op.kind == Op::kWait;
        spin |= op.kind == Op::kSpin;
        lock |= op.kind == Op::kLock;
      }
    }
    with_wait += wait;
    with_spin += spin;
    with_lock += lock;
    for (const auto& [o, fewest] : oracle) deadlocks += o[0];
    const bool blocking = wait || spin || lock;
    without_blocking += !blocking;
    classes += got.classes.size();
    abandoned += got.abandoned;
    surplus += got.executions != got.classes.size();
    if (!blocking) abandoned_without_blocking += got.abandoned;
  }
};

// How the hunt builds its engine (make_engine in lineup/hunt/search.cpp).
le::EngineOptions hunt_engine_options() {
  le::EngineOptions eo;
  eo.schedule_plain_accesses = !lineup::hunt::HuntOptions().replay.atomics_only;
  return eo;
}

// How the hunt builds its strategy (ProgramSearcher::search in lineup/hunt/search.cpp), for `name`.
std::unique_ptr<le::Strategy> hunt_strategy(const std::string& name, uint64_t seed) {
  lineup::hunt::HuntOptions h;
  le::StrategyConfig config;
  config.kind = *le::parse_strategy(name);
  config.bound = h.search.bound;
  config.seed = seed;
  config.executions = le::is_systematic(config.kind) ? h.search.executions_per_program : 60;
  config.pct_depth = h.search.pct_depth;
  std::string error;
  auto s = le::make_strategy(config, &error);
  EXPECT_NE(s, nullptr) << error;
  return s;
}

// Compares what the engine reached with the oracle; returns the first discrepancy ("" when
// none). `bound`: the preemption bound of a bounded strategy, -1 for an exhaustive one, -2
// for a sampling one (only soundness is checked).
std::string compare(const std::map<Outcome, int>& oracle, const ControlledOutcomes& got, int bound,
                    int threads, Tally& tally) {
  std::string problem;
  auto note = [&](const std::string& what, const Outcome& o) {
    if (problem.empty()) problem = what + ": " + describe(o, threads);
  };
  for (const auto& [o, p] : got.fewest_preemptions) {
    auto it = oracle.find(o);
    if (it == oracle.end()) {
      ++tally.unexpected;
      note("the oracle cannot reach", o);
    } else if (p < it->second) {
      ++tally.unexpected;
      note("reached with " + std::to_string(p) + " preemptions, the oracle needs " +
               std::to_string(it->second),
           o);
    }
  }
  for (const auto& [o, fewest] : oracle) {
    if (bound == -2 || (bound >= 0 && fewest > bound)) continue;
    auto it = got.fewest_preemptions.find(o);
    bool reached = it != got.fewest_preemptions.end() && (bound < 0 || it->second <= fewest);
    if (!reached) {
      ++tally.missing;
      note("missing (the oracle reaches it with " + std::to_string(fewest) + " preemptions)", o);
    }
  }
  return problem;
}

// Runs `count` RapidCheck programs through `strategy` (by name, as the hunt makes it) and the
// oracle. Returns the tally; any discrepancy fails the test with the program.
Tally check_strategy(const std::string& name, int bound, int count, uint64_t seed) {
  le::Engine engine(hunt_engine_options());
  Tally tally;
  rc::detail::TestParams params;
  params.seed = seed;
  params.maxSuccess = count;
  params.disableShrinking = getenv("ORACLE_SHRINK") == nullptr;
  rc::detail::TestMetadata metadata;
  metadata.id = metadata.description = "oracle/" + name;
  const auto result = rc::detail::checkTestable(
      [&] {
        Program p = *gen_program();
        auto oracle = reachable_outcomes(p);
        auto strategy = hunt_strategy(name, tally.programs + 1);
        ControlledOutcomes got = explore_controlled(engine, p, *strategy);
        ++tally.programs;
        tally.count(p, oracle, got);
        tally.oracle_outcomes += oracle.size();
        tally.executions += got.executions;
        if (auto* d = dynamic_cast<le::DporStrategy*>(strategy.get())) {
          tally.fallbacks += d->fallbacks();
          tally.uncertain += d->uncertain();
        }
        if (!got.failure.empty()) RC_FAIL("execution failed: " + got.failure + "\n" + describe(p));
        std::string problem =
            compare(oracle, got, bound, static_cast<int>(p.threads.size()), tally);
        if (!problem.empty()) RC_FAIL(name + " " + problem + "\nprogram: " + describe(p));
      },
      metadata, params);
  if (!result.template is<rc::detail::SuccessResult>()) {
    std::ostringstream ss;
    rc::detail::printResultMessage(result, ss);
    ADD_FAILURE() << ss.str();
  } else {
    EXPECT_EQ(result.template get<rc::detail::SuccessResult>().numSuccess, count);
  }
  std::cout << name << ": " << tally.programs << " programs, " << tally.oracle_outcomes
            << " oracle outcomes, " << tally.executions << " executions, " << tally.missing
            << " missing, " << tally.unexpected << " unexpected; programs with a condition wait "
            << tally.with_wait << ", a spin-wait " << tally.with_spin << ", a lock "
            << tally.with_lock << "; deadlock outcomes " << tally.deadlocks << "; " << tally.classes
            << " classes, " << tally.abandoned << " abandoned (" << tally.abandoned_without_blocking
            << " in the " << tally.without_blocking << " programs without a blocking operation); "
            << tally.surplus
            << " programs with more executions than classes; dpor: " << tally.fallbacks
            << " wakeup branches blocked, " << tally.uncertain
            << " racing CASes of unknown outcome\n";
  EXPECT_GT(tally.with_wait, tally.programs / 10);
  EXPECT_GT(tally.with_spin, tally.programs / 10);
  EXPECT_GT(tally.deadlocks, 0u);
  return tally;
}

TEST(InterleavingOracle, CbDporReachesExactlyTheOutcomesWithinItsBound) {
  Tally t = check_strategy("cbdpor", lineup::hunt::HuntOptions().search.bound, kPrograms, 101);
  EXPECT_EQ(t.programs, static_cast<uint64_t>(kPrograms));
  EXPECT_EQ(t.missing, 0u);
  EXPECT_EQ(t.unexpected, 0u);
}

TEST(InterleavingOracle, IcbReachesExactlyTheOutcomesWithinItsBound) {
  Tally t = check_strategy("icb", lineup::hunt::HuntOptions().search.bound, kPrograms, 202);
  EXPECT_EQ(t.programs, static_cast<uint64_t>(kPrograms));
  EXPECT_EQ(t.missing, 0u);
  EXPECT_EQ(t.unexpected, 0u);
}

TEST(InterleavingOracle, GambitReachesExactlyTheOutcomesWithinItsBound) {
  Tally t = check_strategy("gambit", lineup::hunt::HuntOptions().search.bound, kPrograms, 808);
  EXPECT_EQ(t.programs, static_cast<uint64_t>(kPrograms));
  EXPECT_EQ(t.missing, 0u);
  EXPECT_EQ(t.unexpected, 0u);
}

TEST(InterleavingOracle, PortfolioReachesEveryOutcomeWithinItsBound) {
  Tally t = check_strategy("portfolio", lineup::hunt::HuntOptions().search.bound, kPrograms, 909);
  EXPECT_EQ(t.programs, static_cast<uint64_t>(kPrograms));
  EXPECT_EQ(t.missing, 0u);
  EXPECT_EQ(t.unexpected, 0u);
}

// DPOR is optimal: on every program, one execution per class (classes named by the class
// fingerprint of each execution), and every outcome reached. Executions abandoned as
// sleep-set blocked are not executions of a class; there are none in programs without a
// blocking operation. With locks, condition waits or spin-waits, a thread a wakeup sequence
// wants to run can be blocked where it should run, and the search then falls back to trying
// every awake thread there (dpor.h), which may end in sleep-set blocked executions: 177 of
// them here, against 34,423 executions (printed).
TEST(InterleavingOracle, DporReachesEveryOutcomeWithOneExecutionPerClass) {
  Tally t = check_strategy("dpor", -1, kPrograms, 303);
  EXPECT_EQ(t.programs, static_cast<uint64_t>(kPrograms));
  EXPECT_EQ(t.missing, 0u);
  EXPECT_EQ(t.unexpected, 0u);
  EXPECT_EQ(t.surplus, 0u);
  EXPECT_EQ(t.executions, t.classes);
  EXPECT_GT(t.without_blocking, 0u);
  EXPECT_EQ(t.abandoned_without_blocking, 0u);
  EXPECT_EQ(t.uncertain, 0u);
}

TEST(InterleavingOracle, RandomReachesOnlyReachableOutcomes) {
  Tally t = check_strategy("random", -2, kPrograms, 404);
  EXPECT_EQ(t.programs, static_cast<uint64_t>(kPrograms));
  EXPECT_EQ(t.unexpected, 0u);
}

TEST(InterleavingOracle, PctReachesOnlyReachableOutcomes) {
  Tally t = check_strategy("pct", -2, kPrograms, 505);
  EXPECT_EQ(t.programs, static_cast<uint64_t>(kPrograms));
  EXPECT_EQ(t.unexpected, 0u);
}

TEST(InterleavingOracle, PosReachesOnlyReachableOutcomes) {
  Tally t = check_strategy("pos", -2, kPrograms, 606);
  EXPECT_EQ(t.programs, static_cast<uint64_t>(kPrograms));
  EXPECT_EQ(t.unexpected, 0u);
}

TEST(InterleavingOracle, SurwReachesOnlyReachableOutcomes) {
  Tally t = check_strategy("surw", -2, kPrograms, 707);
  EXPECT_EQ(t.programs, static_cast<uint64_t>(kPrograms));
  EXPECT_EQ(t.unexpected, 0u);
}

Op op(Op::Kind kind, int value = 0, int expected = 0, int lock = 0) {
  Op o;
  o.kind = kind;
  o.value = value;
  o.expected = expected;
  o.lock = lock;
  return o;
}

// Outcomes of `p` the strategy `name` misses, compared with the oracle.
uint64_t missing_outcomes(le::Engine& engine, const Program& p, const std::string& name,
                          FetchAdd fetch_add = FetchAdd::kSeen) {
  auto strategy = hunt_strategy(name, 1);
  Tally tally;
  compare(reachable_outcomes(p), explore_controlled(engine, p, *strategy, fetch_add), -1,
          static_cast<int>(p.threads.size()), tally);
  return tally.missing;
}

// Found by the oracle: T1 waits, T0's first notify wakes it, and T1 can then take m1 before
// T0's second section. T0's second notify and T1's wake-up are dependent (same condition
// variable) yet T1 was already woken: DPOR took the pair for one it cannot reverse, and the
// happens-before through it hid the race on m1.
TEST(InterleavingOracle, DporReachesAWaiterWokenBeforeALaterNotify) {
  le::Engine engine(hunt_engine_options());
  Program p;
  p.cells = 1;
  p.threads = {
      {op(Op::kLock, 0, 0, 1), op(Op::kNotifyOne), op(Op::kUnlock, 0, 0, 1), op(Op::kLock, 0, 0, 1),
       op(Op::kNotifyOne), op(Op::kCas, 1, 0), op(Op::kUnlock, 0, 0, 1)},
      {op(Op::kLock), op(Op::kWait, 2), op(Op::kUnlock), op(Op::kLock, 0, 0, 1), op(Op::kStore, 2),
       op(Op::kUnlock, 0, 0, 1)}};
  EXPECT_EQ(reachable_outcomes(p).size(), 3u);
  EXPECT_EQ(missing_outcomes(engine, p, "dpor"), 0u);
}

// The oracle is not fooled by a wrong view of dependency that the strategies and the class
// fingerprint would both trust: with each fetch_add seen as a load (FetchAdd::kSeenAsLoad),
// T0's fetch_adds and T1's load look like reads that commute, the races between them go
// unseen, and so does the outcome where the load reads 1 (and, for DPOR, which tries one
// thread first, 0 too).
TEST(InterleavingOracle, CatchesAStrategyThatTakesAnRmwForARead) {
  le::Engine engine(hunt_engine_options());
  Program p;
  p.cells = 1;
  p.threads = {{op(Op::kFetchAdd, 1), op(Op::kFetchAdd, 1)}, {op(Op::kLoad)}};
  ASSERT_EQ(reachable_outcomes(p).size(), 3u);  // the load reads 0, 1 or 2
  EXPECT_EQ(missing_outcomes(engine, p, "dpor"), 0u);
  EXPECT_EQ(missing_outcomes(engine, p, "cbdpor"), 0u);
  uint64_t dpor = missing_outcomes(engine, p, "dpor", FetchAdd::kSeenAsLoad);
  uint64_t cbdpor = missing_outcomes(engine, p, "cbdpor", FetchAdd::kSeenAsLoad);
  std::cout << "rmw seen as a load: dpor misses " << dpor << ", cbdpor " << cbdpor << "\n";
  EXPECT_EQ(dpor, 2u);
  EXPECT_EQ(cbdpor, 1u);
}

TEST(InterleavingOracle, RandomProgramsExposeTheBrokenView) {
  le::Engine engine(hunt_engine_options());
  Tally tally;
  rc::detail::TestParams params;
  params.seed = 707;
  params.maxSuccess = 300;
  rc::detail::TestMetadata metadata;
  metadata.id = metadata.description = "oracle/broken-view";
  rc::detail::checkTestable(
      [&] {
        Program p = *gen_program();
        auto oracle = reachable_outcomes(p);
        auto strategy = hunt_strategy("dpor", 1);
        ++tally.programs;
        compare(oracle, explore_controlled(engine, p, *strategy, FetchAdd::kSeenAsLoad), -1,
                static_cast<int>(p.threads.size()), tally);
      },
      metadata, params);
  std::cout << "rmw seen as a load: " << tally.programs << " programs, " << tally.missing
            << " missing outcomes\n";
  EXPECT_EQ(tally.programs, 300u);
  EXPECT_GT(tally.missing, 0u);
}

}  // namespace
}  // namespace oracle
