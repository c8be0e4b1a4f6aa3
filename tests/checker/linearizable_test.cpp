// Histories with known verdicts, and the sequential models they run against.
#include "checker/linearizable.h"

#include <gtest/gtest.h>

namespace lineup::checker {
namespace {

using specs::kEmpty;
using specs::Operation;

constexpr int kPush = 0, kPop = 1;

CallRecord push(int thread, int v) { return {thread, {kPush, v}, 1}; }
CallRecord pop(int thread, int result) { return {thread, {kPop, 0}, result}; }

Precedence unordered(size_t n) { return Precedence(n, 0); }

TEST(Linearizable, ConcurrentPushesMayBePoppedInEitherOrder) {
  std::vector<CallRecord> calls = {push(0, 1), push(1, 2), pop(2, 2), pop(2, 1)};
  Precedence p = unordered(4);
  p[3] = 1 << 2;  // the second pop follows the first (same thread)
  auto order = linearize(specs::queue_model(), calls, p);
  ASSERT_TRUE(order.has_value());
  EXPECT_EQ(*order, (std::vector<int>{1, 0, 2, 3}));
}

TEST(Linearizable, APopAfterACompletedPushCannotSeeEmpty) {
  std::vector<CallRecord> calls = {push(0, 1), pop(1, kEmpty)};
  Precedence p = unordered(2);
  EXPECT_TRUE(linearize(specs::queue_model(), calls, p).has_value());  // pop may go first
  p[1] = 1 << 0;  // push returned before pop was invoked
  EXPECT_FALSE(linearize(specs::queue_model(), calls, p).has_value());
}

TEST(Linearizable, QueueAndStackDisagreeOnOrder) {
  // push 1 then push 2 (ordered), then pop returns 1: a queue, not a stack.
  std::vector<CallRecord> calls = {push(0, 1), push(0, 2), pop(1, 1)};
  Precedence p = {0, 1 << 0, (1 << 0) | (1 << 1)};
  EXPECT_TRUE(linearize(specs::queue_model(), calls, p).has_value());
  EXPECT_FALSE(linearize(specs::stack_model(), calls, p).has_value());
}

TEST(Linearizable, SetResults) {
  const specs::Model& set = specs::set_model();
  std::vector<CallRecord> calls = {{0, {0, 5}, 1}, {1, {0, 5}, 1}};  // two successful inserts
  EXPECT_FALSE(linearize(set, calls, unordered(2)).has_value());
  calls[1].result = 0;
  EXPECT_TRUE(linearize(set, calls, unordered(2)).has_value());
  EXPECT_EQ(set.describe(calls[0].operation), "insert(5)");
  EXPECT_EQ(set.describe_result(calls[0].operation, 1), "true");
}

TEST(Linearizable, ClosestOrderChangesTheFewestResults) {
  // push(1) returned before pop() started, yet pop saw empty: keeping that order, the pop
  // would return 1; nothing else differs.
  std::vector<CallRecord> calls = {push(0, 1), pop(1, kEmpty), pop(1, kEmpty)};
  Precedence p = {0, 1 << 0, (1 << 0) | (1 << 1)};
  ClosestOrder c = closest_order(specs::queue_model(), calls, p, {});
  EXPECT_EQ(c.differences, 1);
  EXPECT_EQ(c.order, (std::vector<int>{0, 1, 2}));
  EXPECT_EQ(c.model_results, (std::vector<int>{1, 1, kEmpty}));
  // A legal history is its own closest order.
  calls[1].result = 1;
  EXPECT_EQ(closest_order(specs::queue_model(), calls, p, {}).differences, 0);
  // From a non-empty initial state the pop takes the older value.
  ClosestOrder from7 = closest_order(specs::queue_model(), calls, p, {7});
  EXPECT_EQ(from7.model_results, (std::vector<int>{1, 7, 1}));
  EXPECT_EQ(from7.differences, 2);
}

TEST(Linearizable, ClosestOrderGivesUpPastItsStates) {
  // Three unordered calls reach several (calls done, state) pairs: with room for them all the
  // search ends; with room for one it gives up and names no order.
  std::vector<CallRecord> calls = {push(0, 1), pop(1, kEmpty), pop(2, 1)};
  Precedence none = {0, 0, 0};
  ClosestOrder all = closest_order(specs::queue_model(), calls, none, {}, 1000);
  EXPECT_FALSE(all.gave_up);
  EXPECT_EQ(all.order.size(), 3u);
  EXPECT_EQ(all.differences, 0);
  ClosestOrder capped = closest_order(specs::queue_model(), calls, none, {}, 1);
  EXPECT_TRUE(capped.gave_up);
  EXPECT_TRUE(capped.order.empty());
}

TEST(Linearizable, APoolBoundedPushMayBeRefusedButNotLost) {
  const specs::Model& strict = specs::bounded_stack_model(2);
  const specs::Model& pool = specs::pool_bounded_stack_model(2);
  // push(1) refused on an empty stack: only the pool-bounded promise allows it.
  std::vector<CallRecord> refused = {{0, {kPush, 1}, 0}, {1, {kPop, 0}, kEmpty}};
  Precedence p = {0, 1 << 0};
  EXPECT_FALSE(linearize(strict, refused, p).has_value());
  EXPECT_TRUE(linearize(pool, refused, p).has_value());
  // A refused push leaves nothing behind: a later pop cannot return its value.
  refused[1].result = 1;
  EXPECT_FALSE(linearize(pool, refused, p).has_value());
  // At capacity both models refuse, and neither accepts a third value.
  std::vector<CallRecord> full = {push(0, 1), push(0, 2), {0, {kPush, 3}, 1}};
  Precedence chain = {0, 1 << 0, (1 << 0) | (1 << 1)};
  EXPECT_FALSE(linearize(pool, full, chain).has_value());
  full[2].result = 0;
  EXPECT_TRUE(linearize(strict, full, chain).has_value());
  EXPECT_TRUE(linearize(pool, full, chain).has_value());
  // The closest order of the refusal under the strict model names the push.
  std::vector<CallRecord> r2 = {{0, {kPush, 1}, 0}};
  ClosestOrder c = closest_order(strict, r2, {0}, {});
  EXPECT_EQ(c.differences, 1);
  EXPECT_EQ(c.model_results, (std::vector<int>{1}));
}

TEST(Linearizable, AStaleBoundedQueueMayAnswerEmptyOrFullButKeepsItsValues) {
  const specs::Model& strict = specs::bounded_queue_model(2);
  const specs::Model& stale = specs::stale_bounded_queue_model(2);
  // A ring's producer pushes three times and is refused the third time (it read an old index
  // of the consumer), while the consumer, having seen only the first push, pops it and then
  // answers empty: no order of the strict queue gives both answers.
  std::vector<CallRecord> calls = {
      push(0, 1), push(0, 2), {0, {kPush, 3}, 0}, pop(1, 1), pop(1, kEmpty)};
  Precedence p = {0, 1 << 0, (1 << 0) | (1 << 1), 1 << 0, (1 << 0) | (1 << 3)};
  EXPECT_FALSE(linearize(strict, calls, p).has_value());
  EXPECT_TRUE(linearize(stale, calls, p).has_value());
  // A value popped is still exact: never one that was not pushed, nor one popped twice, nor out
  // of FIFO order.
  calls[4].result = 3;  // the refused push's value
  EXPECT_FALSE(linearize(stale, calls, p).has_value());
  calls[4].result = 1;  // popped twice
  EXPECT_FALSE(linearize(stale, calls, p).has_value());
  calls[3].result = 2;  // 2 before 1, although 1 was pushed first
  EXPECT_FALSE(linearize(stale, calls, p).has_value());
  // Still bounded: a third value is never accepted.
  std::vector<CallRecord> three = {push(0, 1), push(0, 2), push(0, 3)};
  Precedence chain = {0, 1 << 0, (1 << 0) | (1 << 1)};
  EXPECT_FALSE(linearize(stale, three, chain).has_value());
  EXPECT_EQ(stale.kind(), "bounded queue (2), stale empty/full");
}

}  // namespace
}  // namespace lineup::checker
