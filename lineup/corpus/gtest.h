// lineup inside a GoogleTest suite.
//
//   LINEUP_CORPUS_TESTS(MyQueueCorpus, "/path/to/corpus", lineup::corpus::Expect::kFixed);
//     one test per counterexample file of the folder: with kFixed a test fails while its bug
//     still reproduces (a regression suite of fixed bugs); with kReproduces it fails once the
//     bug no longer shows (a suite of known bugs, such as seeded ones). Unreadable files fail.
//     GoogleTest's own sharding (GTEST_SHARD_INDEX / GTEST_TOTAL_SHARDS) splits the files.
//
//   LINEUP_HUNT_TEST(MyQueue, Hunt, "my/queue", options);
//     a hunt of a registered structure with lineup::hunt::HuntOptions `options` inside a test,
//     which fails with the violation's report. Under GoogleTest sharding each shard hunts its own
//     share of the programs (HuntOptions::shard: ShardSettings::index / count).
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "lineup/corpus/corpus.h"
#include "lineup/hunt/hunt.h"

namespace lineup::corpus {

enum class Expect { kFixed, kReproduces };

/// Registers the tests of LINEUP_CORPUS_TESTS; returns how many files it found.
int register_corpus_tests(const char* suite, const std::string& dir, Expect expect,
                          const char* file, int line);

/// The body of LINEUP_HUNT_TEST.
void run_hunt_test(const std::string& structure, hunt::HuntOptions options);

}  // namespace lineup::corpus

#define LINEUP_CORPUS_TESTS(suite, dir, expect)                   \
  [[maybe_unused]] static const int lineup_corpus_tests_##suite = \
      ::lineup::corpus::register_corpus_tests(#suite, dir, expect, __FILE__, __LINE__)

#define LINEUP_HUNT_TEST(suite, name, structure, options) \
  TEST(suite, name) { ::lineup::corpus::run_hunt_test(structure, options); }
