// seq_cst accesses mixed with weaker orders under c11 mode, against RC11's outcome sets
// (Lahav et al., PLDI 2017: psc orders the seq_cst events only). A seq_cst access is bound by
// the seq_cst writes to its own location and by what seq_cst fences published, not by what
// earlier seq_cst operations knew of other locations. The programs are GenMC's SB+3sc+acq and
// SB+rfis (tests/correct/litmus, 4 executions each: every outcome) and a store buffering whose
// (0, 0) RC11 forbids through a fence: T0's fence is psc-before T1's store of y (T0 reads y's
// initial value), that store po-before T1's load of x, and that load psc-before the fence
// (it reads x's initial value, overwritten by a store po-before the fence): a psc cycle.
#include <gtest/gtest.h>

#include <array>
#include <set>

#include "every_execution.h"
#include "fixtures/seq_cst_mixed.h"

namespace lineup::engine {
namespace {

using fixtures::SeqCstMixed;
using Outcomes = std::set<std::array<int, 2>>;

Outcomes outcomes(SeqCstMixed which, MemoryModel model) {
  std::array<int, 2> registers{};
  Program p = fixtures::seq_cst_mixed_program(which, &registers);
  Outcomes seen;
  testing::for_every_execution(p, model, [&](const ExecutionResult&) { seen.insert(registers); });
  return seen;
}

const Outcomes kAll = {{0, 0}, {0, 1}, {1, 0}, {1, 1}};
const Outcomes kSc = {{0, 1}, {1, 0}, {1, 1}};

// T1's acquire load is not seq_cst: nothing orders it after T0's seq_cst store.
TEST(SeqCstMixed, AcquireLoadMayMissSeqCstStore) {
  EXPECT_EQ(outcomes(SeqCstMixed::kSb3ScAcquire, MemoryModel::kC11), kAll);
  EXPECT_EQ(outcomes(SeqCstMixed::kSb3ScAcquire, MemoryModel::kSc), kSc);
}

// The stores are release, not seq_cst: seq_cst loads of them order nothing across locations.
TEST(SeqCstMixed, ReleaseStoresReadBySeqCstLoadsStayUnordered) {
  EXPECT_EQ(outcomes(SeqCstMixed::kSbReleaseRfis, MemoryModel::kC11), kAll);
  EXPECT_EQ(outcomes(SeqCstMixed::kSbReleaseRfis, MemoryModel::kSc), kSc);
}

// A seq_cst fence against seq_cst accesses still forbids (0, 0).
TEST(SeqCstMixed, FenceOrdersAgainstSeqCstAccesses) {
  EXPECT_EQ(outcomes(SeqCstMixed::kSbFenceVsSeqCst, MemoryModel::kC11), kSc);
}

}  // namespace
}  // namespace lineup::engine
