// The xenium findings of docs/findings.md as archived counterexamples (corpus/cases/xenium/), one
// test per file: each must still reproduce with the installed xenium. A release that fixes one
// turns its test red, which is the cue to move the file to a fixed-bugs suite.
#include "lineup/corpus/gtest.h"

LINEUP_CORPUS_TESTS(XeniumFindings, LINEUP_SOURCE_DIR "/corpus/cases/xenium",
                    lineup::corpus::Expect::kReproduces);

namespace {

// ramalhete_queue: the use-after-free of a node the tail still names (sequentially consistent,
// three preemptions) under hazard pointers and under hazard eras, and, under c11, a pop
// answering empty after its release-only fetch_add.
TEST(XeniumFindings, EveryFindingIsArchived) { EXPECT_EQ(lineup_corpus_tests_XeniumFindings, 3); }

}  // namespace
