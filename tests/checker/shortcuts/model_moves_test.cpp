// ModelMoves against the model asked directly: along random walks of the queue, stack, set and
// bounded models (exact, stale and pool-bounded), every move it gives (a state id, or rejection) is
// the model's, whether the move was asked before or not, and whether the moves were forgotten
// (limit) in between.
#include "checker/shortcuts/model_moves.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <map>
#include <vector>

#include "specs/model.h"

namespace lineup::checker {
namespace {

const specs::Model& some_model(int which) {
  switch (which) {
    case 0:
      return specs::queue_model();
    case 1:
      return specs::stack_model();
    case 2:
      return specs::set_model();
    case 3:
      return specs::bounded_queue_model(2);
    case 4:
      return specs::stale_bounded_queue_model(2);
    default:
      return specs::pool_bounded_stack_model(2);
  }
}

RC_GTEST_PROP(ModelMoves, EveryMoveIsTheModels, ()) {
  const specs::Model& model = some_model(*rc::gen::inRange(0, 6));
  ModelMoves moves(model);
  const auto ops = static_cast<int>(model.operation_names().size());
  // The states met so far by value, to check that ids name states one to one.
  std::map<specs::State, uint32_t> ids;
  auto id_of = [&](const specs::State& s) {
    const uint32_t id = moves.state(s);
    const auto [it, added] = ids.try_emplace(s, id);
    RC_ASSERT(it->second == id);
    return id;
  };
  const auto walks = *rc::gen::inRange(1, 4);
  for (int w = 0; w < walks; ++w) {
    if (*rc::gen::arbitrary<bool>()) {
      moves.limit(0);
      RC_ASSERT(moves.size() == 0U);
      ids.clear();
    }
    specs::State state = model.initial();
    const auto steps = *rc::gen::inRange(0, 12);
    for (int k = 0; k < steps; ++k) {
      const specs::Operation op{*rc::gen::inRange(0, ops), *rc::gen::inRange(0, 3)};
      // Any result, allowed or not: kEmpty, 0 to 2.
      const int result = *rc::gen::inRange(specs::kEmpty, 3);
      specs::State next = state;
      const bool accepted = model.accepts(next, op, result);
      const uint32_t from = id_of(state);
      const uint32_t to = moves.after(from, op, result);
      RC_ASSERT(moves.after(from, op, result) == to);  // asked again: the same
      if (!accepted) {
        RC_ASSERT(to == ModelMoves::kRejected);
        continue;
      }
      RC_ASSERT(to == id_of(next));
      state = next;
    }
  }
}

TEST(ModelMoves, KeepsItsMovesUpToTheLimit) {
  const specs::Model& queue = specs::queue_model();
  ModelMoves moves(queue);
  const uint32_t empty = moves.state(queue.initial());
  const uint32_t one = moves.after(empty, {0, 1}, 1);  // push(1) -> 1
  EXPECT_NE(one, ModelMoves::kRejected);
  EXPECT_EQ(moves.after(empty, {1, 0}, 1), ModelMoves::kRejected);  // pop() of empty -> 1
  EXPECT_EQ(moves.size(), 2U);
  moves.limit(2);
  EXPECT_EQ(moves.size(), 2U);
  EXPECT_EQ(moves.state(specs::State{1}), one);
  moves.limit(1);
  EXPECT_EQ(moves.size(), 0U);
}

}  // namespace
}  // namespace lineup::checker
