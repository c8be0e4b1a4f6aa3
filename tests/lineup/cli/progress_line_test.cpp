// ProgressLine on a stream that is no terminal (a temporary file): when a line is due on the
// caller's clock, for each way of starting and when quiet, and what a line looks like there.
#include "lineup/cli/progress_line.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <vector>

namespace lineup::cli {
namespace {

class ProgressLineTest : public testing::Test {
 protected:
  void SetUp() override { ASSERT_NE(file_, nullptr); }
  void TearDown() override {
    if (file_ != nullptr) std::fclose(file_);
  }
  // Which of the times `asked` (in order) a line is due at.
  std::vector<bool> due_at(ProgressLine& line, const std::vector<double>& asked) {
    std::vector<bool> due;
    for (double seconds : asked) due.push_back(line.due(seconds));
    return due;
  }
  // What was written so far.
  std::string written() {
    std::fflush(file_);
    std::rewind(file_);
    std::string text;
    for (int c = std::fgetc(file_); c != EOF; c = std::fgetc(file_)) text += static_cast<char>(c);
    return text;
  }
  std::FILE* file_ = std::tmpfile();
};

TEST_F(ProgressLineTest, AtOnceShowsTheFirstThenOneEveryTenSecondsOffATerminal) {
  ProgressLine line(false, ProgressLine::First::kAtOnce, file_);
  EXPECT_EQ(due_at(line, {0.2, 0.7, 10.1, 10.5, 20.4, 25}),
            (std::vector<bool>{true, false, false, true, false, true}));
}

TEST_F(ProgressLineTest, AfterAnIntervalShowsNoneBeforeTheFirstInterval) {
  ProgressLine line(false, ProgressLine::First::kAfterAnInterval, file_);
  EXPECT_EQ(due_at(line, {0, 9.9, 10, 19.9, 20}),
            (std::vector<bool>{false, false, true, false, true}));
}

TEST_F(ProgressLineTest, QuietShowsNone) {
  for (ProgressLine::First first :
       {ProgressLine::First::kAtOnce, ProgressLine::First::kAfterAnInterval}) {
    ProgressLine line(true, first, file_);
    EXPECT_TRUE(line.quiet());
    EXPECT_EQ(due_at(line, {0, 10, 100}), (std::vector<bool>{false, false, false}));
  }
}

TEST_F(ProgressLineTest, OffATerminalEachLineStandsAloneAndFinishAddsNothing) {
  ProgressLine line(false, ProgressLine::First::kAtOnce, file_);
  line.show("[%d s] %s", 1, "first");
  line.show("[%d s] %s", 11, "second");
  line.finish();
  EXPECT_EQ(written(), "[1 s] first\n[11 s] second\n");
}

}  // namespace
}  // namespace lineup::cli
