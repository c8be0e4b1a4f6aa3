// The libcds bugs of docs/findings.md as archived counterexamples (corpus/cases/libcds/), one test
// per file: each must still reproduce with the installed libcds. A libcds release that fixes
// one turns its test red, which is the cue to move the file to a fixed-bugs suite.
#include "lineup/corpus/gtest.h"

LINEUP_CORPUS_TESTS(LibcdsFindings, LINEUP_SOURCE_DIR "/corpus/cases/libcds",
                    lineup::corpus::Expect::kReproduces);

namespace {

// OptimisticQueue::empty(), SkipListSet::contains(), MSQueue's dequeue under c11 (issue 186),
// IterableList's relaxed traversal under c11 (a crash and a deadlock), and SegmentedQueue's
// relaxed publication of its tail segment under c11 (a pop answering empty), and MichaelList's
// acquire-only unlink under c11 (a contains not synchronised with the insert it finds).
TEST(LibcdsFindings, EveryFindingIsArchived) { EXPECT_EQ(lineup_corpus_tests_LibcdsFindings, 8); }

}  // namespace
