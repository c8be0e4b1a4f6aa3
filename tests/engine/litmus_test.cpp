// The weak memory model of c11 mode (weak_memory.h) against the published outcome sets of the
// classic litmus tests: every execution of each program is enumerated (DfsStrategy without
// bounds: every interleaving and every read and placement choice), and the set of outcomes
// must be exactly the set the C++11 model allows; in SC mode, exactly the sequentially
// consistent outcomes. Sources of the allowed sets:
//   [Batty]  M. Batty, S. Owens, S. Sarkar, P. Sewell, T. Weber. Mathematizing C++
//            Concurrency. POPL 2011 (the C++11 model; its examples MP, SB, LB, IRIW, the
//            coherence axioms CoRR, CoWR).
//   [RC11]   O. Lahav, V. Vafeiadis, J. Kang, C.-K. Hur, D. Dreyer. Repairing Sequential
//            Consistency in C/C++11. PLDI 2017 (RC11: forbids po ∪ rf cycles, so LB's
//            out-of-thin-air outcome; SC fences as in C++20; 2+2W allowed for non-SC writes).
//   [herd]   herd7's rc11.cat model (J. Alglave, L. Maranget), which computes the same sets.
#include <gtest/gtest.h>

#include <array>
#include <set>
#include <vector>

#include "engine/engine.h"
#include "engine/strategy/dfs.h"
#include "fixtures/litmus.h"

namespace lineup::engine {
namespace {

using fixtures::Litmus;
using Outcomes = std::set<std::vector<int>>;

struct Enumeration {
  Outcomes outcomes;
  uint64_t executions = 0;
};

Enumeration enumerate(Litmus litmus, MemoryModel model) {
  EngineOptions options;
  options.memory_model = model;
  options.schedule_plain_accesses = false;  // registers are thread-private
  options.detect_spins = false;
  Engine engine(options);
  std::array<int, 4> registers{};
  Program p = fixtures::litmus_program(litmus, &registers);
  DfsStrategy dfs;
  Enumeration e;
  int n = fixtures::register_count(litmus);
  e.executions = engine.explore(p, dfs, [&](const ExecutionResult& r) {
    EXPECT_EQ(r.outcome, Outcome::kCompleted) << r.message;
    e.outcomes.insert(std::vector<int>(registers.begin(), registers.begin() + n));
    return r.ok();
  });
  EXPECT_TRUE(dfs.coverage().exhaustive());
  return e;
}

Outcomes all_pairs() { return {{0, 0}, {0, 1}, {1, 0}, {1, 1}}; }

Outcomes all_quads() {
  Outcomes out;
  for (int i = 0; i < 16; ++i) out.insert({i & 1, (i >> 1) & 1, (i >> 2) & 1, (i >> 3) & 1});
  return out;
}

Outcomes without(Outcomes set, const std::vector<int>& outcome) {
  set.erase(outcome);
  return set;
}

// MP: with relaxed accesses the reader may see the flag and stale data ([Batty]: no
// synchronisation without release/acquire; [RC11] likewise).
TEST(Litmus, MessagePassingRelaxedAllowsStaleData) {
  EXPECT_EQ(enumerate(Litmus::kMpRelaxed, MemoryModel::kC11).outcomes, all_pairs());
  EXPECT_EQ(enumerate(Litmus::kMpRelaxed, MemoryModel::kSc).outcomes, without(all_pairs(), {1, 0}));
}

// MP+rel+acq: the acquire load that reads the release store synchronises with it, so the data
// is visible: (1, 0) forbidden ([Batty], [RC11]).
TEST(Litmus, MessagePassingReleaseAcquireForbidsStaleData) {
  Outcomes sc = without(all_pairs(), {1, 0});
  EXPECT_EQ(enumerate(Litmus::kMpReleaseAcquire, MemoryModel::kC11).outcomes, sc);
  EXPECT_EQ(enumerate(Litmus::kMpReleaseAcquire, MemoryModel::kSc).outcomes, sc);
}

// MP with a release fence before the relaxed flag store and an acquire fence after the relaxed
// flag load: fence-to-fence synchronisation forbids (1, 0) ([Batty] fence rules, [RC11]).
TEST(Litmus, MessagePassingFencesForbidStaleData) {
  Outcomes sc = without(all_pairs(), {1, 0});
  EXPECT_EQ(enumerate(Litmus::kMpFences, MemoryModel::kC11).outcomes, sc);
  EXPECT_EQ(enumerate(Litmus::kMpFences, MemoryModel::kSc).outcomes, sc);
}

// The same in C: <stdatomic.h>'s fences, compiled by gcc, reach the engine as fences.
TEST(Litmus, MessagePassingFencesInCForbidStaleData) {
  Outcomes sc = without(all_pairs(), {1, 0});
  EXPECT_EQ(enumerate(Litmus::kMpFencesC, MemoryModel::kC11).outcomes, sc);
  EXPECT_EQ(enumerate(Litmus::kMpFencesC, MemoryModel::kSc).outcomes, sc);
}

// SB: relaxed (and release/acquire) store buffering lets both loads read the initial values
// ([Batty], [RC11]); SC forbids (0, 0).
TEST(Litmus, StoreBufferingRelaxedAllowsBothStale) {
  EXPECT_EQ(enumerate(Litmus::kSbRelaxed, MemoryModel::kC11).outcomes, all_pairs());
  EXPECT_EQ(enumerate(Litmus::kSbRelaxed, MemoryModel::kSc).outcomes, without(all_pairs(), {0, 0}));
}

// SB with every access seq_cst: the total order S forbids (0, 0) ([Batty], [RC11]).
TEST(Litmus, StoreBufferingSeqCstForbidsBothStale) {
  Outcomes sc = without(all_pairs(), {0, 0});
  EXPECT_EQ(enumerate(Litmus::kSbSeqCst, MemoryModel::kC11).outcomes, sc);
  EXPECT_EQ(enumerate(Litmus::kSbSeqCst, MemoryModel::kSc).outcomes, sc);
}

// SB with seq_cst fences between relaxed accesses: forbidden (0, 0) ([RC11]'s SC fences, as
// adopted by C++20).
TEST(Litmus, StoreBufferingScFencesForbidBothStale) {
  Outcomes sc = without(all_pairs(), {0, 0});
  EXPECT_EQ(enumerate(Litmus::kSbScFences, MemoryModel::kC11).outcomes, sc);
  EXPECT_EQ(enumerate(Litmus::kSbScFences, MemoryModel::kSc).outcomes, sc);
}

// The same with GCC's full barrier, __sync_synchronize, written in C.
TEST(Litmus, StoreBufferingFullBarriersInCForbidBothStale) {
  Outcomes sc = without(all_pairs(), {0, 0});
  EXPECT_EQ(enumerate(Litmus::kSbFullBarriersC, MemoryModel::kC11).outcomes, sc);
  EXPECT_EQ(enumerate(Litmus::kSbFullBarriersC, MemoryModel::kSc).outcomes, sc);
}

// SB whose loads are failing seq_cst compare-exchanges: a failed compare-exchange is a load of
// its failure order, so seq_cst forbids (0, 0) as for seq_cst loads ([RC11]).
TEST(Litmus, StoreBufferingFailedSeqCstCasForbidsBothStale) {
  Outcomes sc = without(all_pairs(), {0, 0});
  EXPECT_EQ(enumerate(Litmus::kSbFailedCasSeqCst, MemoryModel::kC11).outcomes, sc);
  EXPECT_EQ(enumerate(Litmus::kSbFailedCasSeqCst, MemoryModel::kSc).outcomes, sc);
}

// LB: (1, 1) needs each load to read a store that comes after the other load in program
// order, an out-of-thin-air cycle. [Batty]'s model allows it for relaxed atomics; [RC11]
// forbids it (po ∪ rf acyclic), as does every implementation; lineup follows RC11.
TEST(Litmus, LoadBufferingHasNoOutOfThinAir) {
  Outcomes sc = without(all_pairs(), {1, 1});
  EXPECT_EQ(enumerate(Litmus::kLbRelaxed, MemoryModel::kC11).outcomes, sc);
  EXPECT_EQ(enumerate(Litmus::kLbRelaxed, MemoryModel::kSc).outcomes, sc);
}

// IRIW with release stores and acquire loads: the readers may disagree on the order of the
// two independent writes, (1, 0, 1, 0) ([Batty]: only seq_cst gives a single order; [RC11]).
TEST(Litmus, IndependentReadsAcquireMayDisagree) {
  EXPECT_EQ(enumerate(Litmus::kIriwAcquire, MemoryModel::kC11).outcomes, all_quads());
  EXPECT_EQ(enumerate(Litmus::kIriwAcquire, MemoryModel::kSc).outcomes,
            without(all_quads(), {1, 0, 1, 0}));
}

// IRIW with every access seq_cst: (1, 0, 1, 0) forbidden ([Batty], [RC11]).
TEST(Litmus, IndependentReadsSeqCstAgree) {
  Outcomes sc = without(all_quads(), {1, 0, 1, 0});
  EXPECT_EQ(enumerate(Litmus::kIriwSeqCst, MemoryModel::kC11).outcomes, sc);
  EXPECT_EQ(enumerate(Litmus::kIriwSeqCst, MemoryModel::kSc).outcomes, sc);
}

// 2+2W: with relaxed writes both locations may end with the value written first in program
// order, (1, 1): modification orders per location need not agree with any interleaving
// ([Batty]; [RC11] allows it for non-SC writes). SC forbids it. Outcome: final x, final y.
TEST(Litmus, TwoPlusTwoWritesRelaxedAllowsBothFirst) {
  Outcomes all = {{1, 1}, {1, 2}, {2, 1}, {2, 2}};
  EXPECT_EQ(enumerate(Litmus::k2p2wRelaxed, MemoryModel::kC11).outcomes, all);
  EXPECT_EQ(enumerate(Litmus::k2p2wRelaxed, MemoryModel::kSc).outcomes, without(all, {1, 1}));
}

// CoRR: once a thread has read the new value it cannot read the older one again: (1, 0)
// forbidden by read-read coherence, even for relaxed atomics ([Batty] CoRR, [RC11]).
TEST(Litmus, CoherenceReadRead) {
  Outcomes coherent = {{0, 0}, {0, 1}, {1, 1}};
  EXPECT_EQ(enumerate(Litmus::kCoRR, MemoryModel::kC11).outcomes, coherent);
  EXPECT_EQ(enumerate(Litmus::kCoRR, MemoryModel::kSc).outcomes, coherent);
}

// CoWR: a thread reads its own store or a later one in modification order, never an earlier
// one or the initial value; reading T1's 2 puts 2 after 1, so x ends as 2. Outcome: r0, final
// x; (2, 1) and r0 = 0 forbidden ([Batty] CoWR, [RC11]).
TEST(Litmus, CoherenceWriteRead) {
  Outcomes coherent = {{1, 1}, {1, 2}, {2, 2}};
  EXPECT_EQ(enumerate(Litmus::kCoWR, MemoryModel::kC11).outcomes, coherent);
  EXPECT_EQ(enumerate(Litmus::kCoWR, MemoryModel::kSc).outcomes, coherent);
}

// MP whose data read is an rmw. With relaxed accesses a fetch_add may read the initial value
// after the flag was seen, going before T0's store in modification order ([RC11]: an rmw reads
// its immediate mo-predecessor, which need not be the newest store), and a compare-exchange of
// the initial 0 may succeed there; SC forbids (1, 0) and (1, 1) respectively. With
// release/acquire, T0's store happens before the fetch_add, which then reads it, never the
// initial value (coherence): (1, 0) forbidden in both modes.
TEST(Litmus, MessagePassingRmwMayReadAnOlderStore) {
  const struct {
    Litmus litmus;
    std::vector<int> sc_forbids;
    bool c11_allows;
  } cases[] = {{Litmus::kMpRelaxedRmw, {1, 0}, true},
               {Litmus::kMpRelaxedCas, {1, 1}, true},
               {Litmus::kMpReleaseAcquireRmw, {1, 0}, false}};
  for (const auto& c : cases) {
    const Outcomes sc = without(all_pairs(), c.sc_forbids);
    EXPECT_EQ(enumerate(c.litmus, MemoryModel::kC11).outcomes, c.c11_allows ? all_pairs() : sc);
    EXPECT_EQ(enumerate(c.litmus, MemoryModel::kSc).outcomes, sc);
  }
}

// Two fetch_adds never read the same store, stale or not ([RC11]'s atomicity: each goes right
// after the store it reads): (0, 0) and (1, 1) forbidden in both modes. Each of the six
// modification orders gives one outcome: W A B (1, 2), W B A (2, 1), A W B and A B W (0, 1),
// B W A and B A W (1, 0).
TEST(Litmus, RmwsNeverReadTheSameStore) {
  Outcomes atomic = {{0, 1}, {1, 0}, {1, 2}, {2, 1}};
  EXPECT_EQ(enumerate(Litmus::kRmwAtomicity, MemoryModel::kC11).outcomes, atomic);
  EXPECT_EQ(enumerate(Litmus::kRmwAtomicity, MemoryModel::kSc).outcomes, atomic);
}

// c11 mode explores more executions than SC mode exactly where stale reads are possible; the
// counts pin the enumeration down. MP, 2 threads of 2 steps: 6 interleavings in SC mode; in
// c11 mode 7 more, each reading one store older. All-seq_cst SB has no stale read to offer.
// IRIW (steps 1, 1, 2, 2): 6!/(2!2!) = 180 interleavings.
TEST(Litmus, ExecutionCounts) {
  EXPECT_EQ(enumerate(Litmus::kMpRelaxed, MemoryModel::kSc).executions, 6u);
  EXPECT_EQ(enumerate(Litmus::kMpRelaxed, MemoryModel::kC11).executions, 13u);
  EXPECT_EQ(enumerate(Litmus::kSbSeqCst, MemoryModel::kC11).executions, 6u);
  EXPECT_EQ(enumerate(Litmus::kIriwSeqCst, MemoryModel::kC11).executions, 180u);
  EXPECT_EQ(enumerate(Litmus::kIriwAcquire, MemoryModel::kSc).executions, 180u);
  EXPECT_EQ(enumerate(Litmus::kIriwAcquire, MemoryModel::kC11).executions, 974u);
}

}  // namespace
}  // namespace lineup::engine
