// The project's corpus of seeded bugs (corpus/cases/seeded/), one test per file: each must still
// reproduce exactly. And a budgeted hunt inside a test, as users write them.
#include "lineup/corpus/gtest.h"

LINEUP_CORPUS_TESTS(SeededCorpus, LINEUP_SOURCE_DIR "/corpus/cases/seeded",
                    lineup::corpus::Expect::kReproduces);

namespace {

lineup::hunt::HuntOptions few_programs() {
  lineup::hunt::HuntOptions o;
  o.budget_seconds = 1e9;
  o.max_programs = 3;
  o.replay.atomics_only = true;
  o.search.executions_per_program = 2000;
  return o;
}

LINEUP_HUNT_TEST(HuntInATest, BoostQueue, "boost/queue", few_programs());

TEST(SeededCorpus, TheFolderIsNotEmpty) { EXPECT_GT(lineup_corpus_tests_SeededCorpus, 0); }

}  // namespace
