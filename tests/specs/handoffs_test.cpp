// The hand-offs of the built-in models (Model::handoffs) and their declaration as promises
// (Structure::synchronizes_handoffs): the pairs each model names, by index in the target, once
// each however often declared, in words for `lineup list`; a model without hand-offs refuses.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "specs/lambda_model.h"
#include "specs/model.h"
#include "specs/structure.h"

namespace lineup::specs {
namespace {

using Pairs = std::vector<std::pair<std::string, std::string>>;

struct Anything {};

// A Structure<Anything> with every operation of `model` bound to a function returning 0.
Structure<Anything> declared(const Model& model) {
  Structure<Anything> s("test/anything", model);
  for (const std::string& name : model.operation_names()) {
    s.operation(name, [](Anything&, int) { return 0; });
  }
  return s;
}

TEST(Handoffs, QueuesAndStacksHandOffFromPushToPop) {
  for (const Model* m :
       {&queue_model(), &queue_with_empty_model(), &stack_model(), &stack_with_empty_model(),
        &bounded_queue_model(2), &pool_bounded_stack_model(2), &stale_bounded_queue_model(2)}) {
    EXPECT_EQ(m->handoffs(), (Pairs{{"push", "pop"}})) << m->kind();
  }
}

TEST(Handoffs, SetsHandOffFromInsertToContainsAndErase) {
  EXPECT_EQ(set_model().handoffs(), (Pairs{{"insert", "contains"}, {"insert", "erase"}}));
}

TEST(Handoffs, DeclaredTheyAreTheTargetsPromises) {
  const Target queue = declared(queue_with_empty_model()).synchronizes_handoffs();
  EXPECT_EQ(queue.synchronizes, (std::vector<std::pair<int, int>>{{0, 1}}));
  EXPECT_EQ(queue.promises(), "push->pop");
  const Target set = declared(set_model()).synchronizes_handoffs();
  EXPECT_EQ(set.synchronizes, (std::vector<std::pair<int, int>>{{0, 2}, {0, 1}}));
  EXPECT_EQ(set.promises(), "insert->contains, insert->erase");
}

TEST(Handoffs, APromiseIsKeptOnce) {
  const Target t = declared(set_model())
                       .synchronizes("insert", "erase")
                       .synchronizes_handoffs()
                       .synchronizes("insert", "contains");
  EXPECT_EQ(t.synchronizes, (std::vector<std::pair<int, int>>{{0, 1}, {0, 2}}));
}

TEST(Handoffs, NothingIsPromisedUnlessDeclared) {
  const Target t = declared(queue_model());
  EXPECT_TRUE(t.synchronizes.empty());
  EXPECT_EQ(t.promises(), "");
}

TEST(Handoffs, AModelWithoutHandoffsRefusesToDeclareThem) {
  const Model& counter =
      model<int>("counter", {{"add", takes_argument}, {"get"}},
                 [](int& n, Operation o) { return o.op == 0 ? (n += o.arg) : n; });
  EXPECT_TRUE(counter.handoffs().empty());
  auto s = declared(counter);
  EXPECT_THROW(s.synchronizes_handoffs(), std::invalid_argument);
  EXPECT_THROW(s.synchronizes("add", "put"), std::invalid_argument);
}

}  // namespace
}  // namespace lineup::specs
