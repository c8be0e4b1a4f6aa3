// The Boost.Lockfree finding of docs/findings.md that is archived (corpus/cases/boost/): it must
// still reproduce with the installed Boost.
#include "lineup/corpus/gtest.h"

LINEUP_CORPUS_TESTS(BoostFindings, LINEUP_SOURCE_DIR "/corpus/cases/boost",
                    lineup::corpus::Expect::kReproduces);

namespace {

// queue<int, capacity<2>> under c11 with data races ignored: a push links its node onto a node
// the pool has taken back, after the pool's plain write to that node's link.
TEST(BoostFindings, EveryFindingIsArchived) { EXPECT_EQ(lineup_corpus_tests_BoostFindings, 1); }

}  // namespace
