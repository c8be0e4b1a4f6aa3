// memcpy, memmove, memset and memcmp in controlled code (engine/runtime/string_calls.*): each
// is a step on exactly the bytes it touches, at the caller's line, whether its size is a
// constant or known only at run time; a long one is a sequence of 4 KiB pieces; each access is
// made at its own step; a copy into static data is undone like any write; a fault in a call
// is reported at its caller's line; outside executions the calls just do their work.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include "engine/engine.h"
#include "engine/strategy/random.h"
#include "engine/trace_printer.h"
#include "fixtures/string_calls.h"
#include "test_runs.h"

namespace lineup::engine {
namespace {

using fixtures::StringBlocks;
using fixtures::StringCall;

// A plain access as the test states it: kind, block ('f'rom or 't'o), offset and size.
struct Access {
  Kind kind;
  char block;
  size_t offset;
  uint32_t size;
  bool operator==(const Access&) const = default;
};

std::ostream& operator<<(std::ostream& os, const Access& a) {
  return os << to_string(a.kind) << " " << a.block << "+" << a.offset << " x" << a.size;
}

// The plain steps of `r` on either block, in trace order.
std::vector<Access> block_accesses(const ExecutionResult& r, const StringBlocks& b) {
  std::vector<Access> out;
  for (const Transition& t : r.trace.steps) {
    if (t.has(kAtomic) || (t.kind != Kind::kRead && t.kind != Kind::kWrite)) continue;
    if (t.addr - b.from < StringBlocks::kSize) {
      out.push_back({t.kind, 'f', t.addr - b.from, t.size});
    } else if (t.addr - b.to < StringBlocks::kSize) {
      out.push_back({t.kind, 't', t.addr - b.to, t.size});
    }
  }
  return out;
}

// Runs a one-call program once; expects it to complete having done its work.
std::vector<Access> accesses_of(StringCall call, size_t n, StringBlocks* b) {
  Engine engine;
  const ExecutionResult& r =
      testing::run_non_preemptive(engine, fixtures::string_call_program(call, n, b));
  EXPECT_EQ(r.outcome, Outcome::kCompleted) << r.message;
  EXPECT_TRUE(b->done_right);
  return block_accesses(r, *b);
}

constexpr Kind kR = Kind::kRead;
constexpr Kind kW = Kind::kWrite;

// The accesses of a 10,000-byte copy (`second` a write of `to`) or comparison (a read of
// `to`): a read of `from` and then `second`, for each 4 KiB piece.
std::vector<Access> in_pieces(Kind second) {
  std::vector<Access> out;
  for (auto [offset, size] : {std::pair<size_t, uint32_t>{0, 4096}, {4096, 4096}, {8192, 1808}}) {
    out.push_back({kR, 'f', offset, size});
    out.push_back({second, 't', offset, size});
  }
  return out;
}

TEST(StringCalls, ACopyReadsItsSourceThenWritesItsDestination) {
  StringBlocks b;
  EXPECT_EQ(accesses_of(StringCall::kCopy, 100, &b),
            (std::vector<Access>{{kR, 'f', 0, 100}, {kW, 't', 0, 100}}));
}

TEST(StringCalls, ACopyOfConstantSizeIsSeenToo) {
  StringBlocks b;
  EXPECT_EQ(accesses_of(StringCall::kCopy24, 0, &b),
            (std::vector<Access>{{kR, 'f', 0, 24}, {kW, 't', 0, 24}}));
}

TEST(StringCalls, ALongCopyGoesInPiecesOf4KiB) {
  StringBlocks b;
  EXPECT_EQ(accesses_of(StringCall::kCopy, 10000, &b), in_pieces(kW));
}

TEST(StringCalls, AnOverlappingMoveUpCopiesItsLastPieceFirst) {
  StringBlocks b;
  EXPECT_EQ(
      accesses_of(StringCall::kMoveUp, 5000, &b),
      (std::vector<Access>{
          {kR, 'f', 904, 4096}, {kW, 'f', 1004, 4096}, {kR, 'f', 0, 904}, {kW, 'f', 100, 904}}));
}

TEST(StringCalls, ASetWritesItsBytes) {
  StringBlocks b;
  EXPECT_EQ(accesses_of(StringCall::kSet, 300, &b), (std::vector<Access>{{kW, 't', 0, 300}}));
}

TEST(StringCalls, ACompareReadsBothSidesPieceByPieceUntilTheyDiffer) {
  StringBlocks b;
  EXPECT_EQ(accesses_of(StringCall::kCompare, 10000, &b), in_pieces(kR));
  EXPECT_LT(b.compared, 0);  // the last byte of `to` is the greater
  EXPECT_EQ(accesses_of(StringCall::kCompare, 50, &b),
            (std::vector<Access>{{kR, 'f', 0, 50}, {kR, 't', 0, 50}}));
  EXPECT_EQ(b.compared, 0);
  EXPECT_EQ(accesses_of(StringCall::kCompareShifted, 10000, &b),
            (std::vector<Access>{{kR, 'f', 1, 4096}, {kR, 't', 0, 4096}}));
  EXPECT_GT(b.compared, 0);  // 1 against 0
  EXPECT_EQ(accesses_of(StringCall::kCompare8, 0, &b),
            (std::vector<Access>{{kR, 'f', 0, 8}, {kR, 't', 0, 8}}));
  EXPECT_EQ(b.compared, 0);
}

TEST(StringCalls, NothingTouchedNoStep) {
  StringBlocks b;
  EXPECT_TRUE(accesses_of(StringCall::kCopy, 0, &b).empty());
  EXPECT_TRUE(accesses_of(StringCall::kSet, 0, &b).empty());
}

TEST(StringCalls, TheStepsNameTheCallersLine) {
  StringBlocks b;
  Engine engine;
  Program p = fixtures::string_call_program(StringCall::kCopy24, 0, &b);
  const ExecutionResult& r = testing::run_non_preemptive(engine, p);
  ASSERT_EQ(r.outcome, Outcome::kCompleted) << r.message;
  int seen = 0;
  for (size_t i = 0; i < r.trace.steps.size(); ++i) {
    const Transition& t = r.trace.steps[i];
    if (t.size != 24) continue;
    std::string line = format_step(t, i, engine);
    EXPECT_NE(line.find("string_calls.cpp:"), std::string::npos) << line;
    ++seen;
  }
  EXPECT_EQ(seen, 2);
}

// Each access is made at its step: the copy reads what its source holds at its read step,
// whatever runs between that step and its write step.
TEST(StringCalls, ACopyReadsItsSourceAtItsReadStep) {
  StringBlocks b;
  Engine engine;
  Program p = fixtures::copy_against_set(&b);
  RandomStrategy strategy(7, 300);
  int old_bytes = 0, new_bytes = 0, set_between = 0;
  engine.explore(p, strategy, [&](const ExecutionResult& r) {
    EXPECT_EQ(r.outcome, Outcome::kCompleted) << r.message;
    std::vector<Access> a = block_accesses(r, b);
    // The copy's read of `from`, its write of `to`, and the set's write of `from`, in some order.
    size_t read = 0, copy_write = 0, set = 0;
    for (size_t i = 0; i < a.size(); ++i) {
      if (a[i].kind == kR) read = i;
      if (a[i].kind == kW) (a[i].block == 't' ? copy_write : set) = i;
    }
    EXPECT_EQ(a.size(), 3u);
    EXPECT_EQ(b.first_copied, set < read ? 1 : 0) << r.schedule.to_token();
    (set < read ? new_bytes : old_bytes)++;
    set_between += read < set && set < copy_write;
    return !::testing::Test::HasFailure();
  });
  EXPECT_GT(old_bytes, 0);
  EXPECT_GT(new_bytes, 0);
  EXPECT_GT(set_between, 0);
}

// The undo log restores static data before the next execution and when the engine goes.
TEST(StringCalls, ACopyIntoStaticDataIsUndoneLikeAnyWrite) {
  char seen[8] = {};
  {
    Engine engine;
    const ExecutionResult& r =
        testing::run_non_preemptive(engine, fixtures::copy_into_static(&seen));
    ASSERT_EQ(r.outcome, Outcome::kCompleted) << r.message;
  }
  EXPECT_STREQ(seen, "copied");
  EXPECT_STREQ(fixtures::static_bytes(), "static");
}

TEST(StringCalls, AFaultInACopyIsReportedAtTheCallersLine) {
  Engine engine;
  const ExecutionResult& r = testing::run_non_preemptive(engine, fixtures::copy_from_nowhere());
  EXPECT_EQ(r.outcome, Outcome::kCrash) << r.message;
  EXPECT_NE(r.message.find("Segmentation fault accessing 0x40"), std::string::npos) << r.message;
  EXPECT_NE(r.message.find(" at string_calls.cpp:"), std::string::npos) << r.message;
}

TEST(StringCalls, OutsideExecutionsTheyJustDoTheirWork) {
  EXPECT_EQ(fixtures::copy_outside_execution(), 'o');
}

}  // namespace
}  // namespace lineup::engine
