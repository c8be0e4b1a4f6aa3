// Models from a state type and one step function (specs/lambda_model.h): each allowed kind of
// state type, the optional initial state, accepts and result printer, tuple results in
// reports, and declaration errors.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <array>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "specs/lambda_model.h"
#include "specs/model.h"
#include "specs/tuple_result.h"

namespace lineup::specs {
namespace {

int stack_step(std::vector<int>& s, Operation o) {
  if (o.op == 0) return s.push_back(o.arg), 1;
  if (s.empty()) return kEmpty;
  const int v = s.back();
  s.pop_back();
  return v;
}

const Model& lambda_stack() {
  static const Model& m =
      model<std::vector<int>>("stack", {{"push", takes_argument}, {"pop"}}, stack_step);
  return m;
}

TEST(LambdaModel, DeclaresItsOperations) {
  const Model& m = lambda_stack();
  EXPECT_EQ(m.name(), "stack");
  EXPECT_EQ(m.operation_names(), (std::vector<std::string>{"push", "pop"}));
  EXPECT_TRUE(m.takes_argument(0));
  EXPECT_FALSE(m.takes_argument(1));
  EXPECT_EQ(m.initial(), State{});
  EXPECT_EQ(m.describe({0, 3}), "push(3)");
  EXPECT_EQ(m.describe({1, 3}), "pop()");
  EXPECT_EQ(m.describe_result({1, 0}, kEmpty), "empty");
  EXPECT_EQ(m.describe_result({1, 0}, 2), "2");
}

// The same states and results as stack_model() on any sequence of operations and results.
RC_GTEST_PROP(LambdaModel, StackMovesAsStackModel, ()) {
  const auto ops = *rc::gen::container<std::vector<Operation>>(
      rc::gen::build<Operation>(rc::gen::set(&Operation::op, rc::gen::inRange(0, 2)),
                                rc::gen::set(&Operation::arg, rc::gen::inRange(1, 4))));
  State mine = lambda_stack().initial(), theirs = stack_model().initial();
  for (const Operation& o : ops) {
    const int result = *rc::gen::inRange(-1, 4);
    State a = mine, b = theirs;
    RC_ASSERT(lambda_stack().accepts(a, o, result) == stack_model().accepts(b, o, result));
    RC_ASSERT(lambda_stack().apply(mine, o) == stack_model().apply(theirs, o));
    RC_ASSERT(mine == theirs);
  }
}

// A trivially copyable state without padding, packed byte for byte.
struct Register {
  int value;
  int writes;
};
static_assert(PackedState<Register> && ModelState<Register>);
static_assert(ModelState<int>);
struct Padded {
  int value;
  char flag;
};
static_assert(!ModelState<Padded>, "padding bytes are no part of the value");
static_assert(!ModelState<double>, "0.0 and -0.0 are equal with different bytes");
static_assert(!ModelState<std::set<int>>, "not trivially copyable and no encode/decode");

TEST(LambdaModel, PackedStatesRoundTrip) {
  const Register r{-7, 3};
  EXPECT_EQ(encode_state(r), (State{-7, 3}));
  const Register back = decode_state<Register>(encode_state(r));
  EXPECT_EQ(back.value, -7);
  EXPECT_EQ(back.writes, 3);
  EXPECT_EQ(encode_state(42), State{42});
  const char bytes[6] = {1, 0, 0, 0, 2, 0};
  static_assert(ModelState<std::array<char, 6>>);
  std::array<char, 6> six;
  std::copy(bytes, bytes + 6, six.begin());
  EXPECT_EQ(encode_state(six), (State{1, 2}));  // the rest of the last int is zero
  EXPECT_EQ((decode_state<std::array<char, 6>>(State{1, 2})), six);
}

TEST(LambdaModel, PackedStateWithInitialState) {
  const Model& reg = model<Register>("register", {{"write", takes_argument}, {"read"}},
                                     [](Register& r, Operation o) {
                                       if (o.op == 0) return r.value = o.arg, ++r.writes, 1;
                                       return r.value;
                                     },
                                     {.initial = Register{5, 0}});
  State s = reg.initial();
  EXPECT_EQ(s, (State{5, 0}));
  EXPECT_EQ(reg.apply(s, {1, 0}), 5);
  EXPECT_EQ(reg.apply(s, {0, 9}), 1);
  EXPECT_EQ(s, (State{9, 1}));
  EXPECT_EQ(reg.apply(s, {1, 0}), 9);
}

// A set kept as its sorted elements: equal sets, equal encodings.
struct IntSet {
  std::set<int> items;
  State encode() const { return State(items.begin(), items.end()); }
  static IntSet decode(const State& v) { return {std::set<int>(v.begin(), v.end())}; }
};
static_assert(EncodedState<IntSet> && ModelState<IntSet>);

TEST(LambdaModel, EncodedStatesAndAResultPrinter) {
  const Model& set = model<IntSet>(
      "set", {{"insert", takes_argument}, {"contains", takes_argument}},
      [](IntSet& s, Operation o) -> int {
        if (o.op == 0) return s.items.insert(o.arg).second;
        return s.items.count(o.arg) != 0;
      },
      {.describe_result = [](Operation, int r) { return std::string(r ? "true" : "false"); }});
  State a = set.initial(), b = set.initial();
  EXPECT_EQ(set.apply(a, {0, 3}), 1);
  EXPECT_EQ(set.apply(a, {0, 1}), 1);
  EXPECT_EQ(set.apply(b, {0, 1}), 1);
  EXPECT_EQ(set.apply(b, {0, 3}), 1);
  EXPECT_EQ(set.apply(b, {0, 3}), 0);
  EXPECT_EQ(a, (State{1, 3}));
  EXPECT_EQ(a, b);  // inserted in either order
  EXPECT_EQ(set.apply(a, {1, 3}), 1);
  EXPECT_EQ(set.describe_result({1, 3}, 1), "true");
  EXPECT_EQ(set.describe_result({1, 3}, 0), "false");
}

// A push that may be refused: accepts allows 0 as well as what the step returns.
TEST(LambdaModel, AcceptsSeveralOutcomes) {
  const Model& m =
      model<std::vector<int>>("refusing stack", {{"push", takes_argument}, {"pop"}}, stack_step,
                              {.accepts = [](std::vector<int>& s, Operation o, int result) {
                                if (o.op == 0 && result == 0) return true;
                                return stack_step(s, o) == result;
                              }});
  State s = m.initial();
  EXPECT_TRUE(m.accepts(s, {0, 1}, 0));
  EXPECT_EQ(s, State{});
  EXPECT_TRUE(m.accepts(s, {0, 1}, 1));
  EXPECT_EQ(s, State{1});
  EXPECT_FALSE(m.accepts(s, {1, 0}, 2));
  State t = State{1};
  EXPECT_TRUE(m.accepts(t, {1, 0}, 1));
  EXPECT_EQ(t, State{});
  EXPECT_EQ(m.apply(t, {0, 4}), 1);  // apply stays the step
}

TEST(LambdaModel, AcceptsOnPackedStatesUpdatesOnlyWhenAccepted) {
  const Model& m = model<int>("sloppy counter", {{"add"}}, [](int& n, Operation) { return ++n; },
                              {.accepts = [](int& n, Operation, int result) {
                                if (result != n + 1 && result != n + 2) return false;
                                n = result;
                                return true;
                              }});
  State s = m.initial();
  EXPECT_TRUE(m.accepts(s, {0, 0}, 2));
  EXPECT_EQ(s, State{2});
  EXPECT_FALSE(m.accepts(s, {0, 0}, 7));
  EXPECT_EQ(s, State{2});
}

// Operations declared returns_tuple print tuple results as tuples, and plain ones as the
// model prints them; other operations print every result plainly.
TEST(LambdaModel, TupleResultsPrintAsTuples) {
  const Model& m =
      model<std::vector<int>>("counted stack", {{"push", takes_argument}, {"pop", returns_tuple}},
                              [](std::vector<int>& s, Operation o) {
                                if (o.op == 0) return s.push_back(o.arg), 1;
                                if (s.empty()) return kEmpty;
                                const int v = s.back();
                                s.pop_back();
                                return tuple_result(v, static_cast<int>(s.size()));
                              });
  State s = m.initial();
  m.apply(s, {0, 3});
  m.apply(s, {0, 2});
  const int r = m.apply(s, {1, 0});
  EXPECT_EQ(r, tuple_result(2, 1));
  EXPECT_EQ(m.describe_result({1, 0}, r), "(2, 1)");
  EXPECT_EQ(m.describe_result({1, 0}, tuple_result(-1, 0, 5)), "(-1, 0, 5)");
  EXPECT_EQ(m.describe_result({1, 0}, kEmpty), "empty");
  EXPECT_EQ(m.describe_result({0, 3}, tuple_result(3, 1)), std::to_string(tuple_result(3, 1)));
  EXPECT_FALSE(m.takes_argument(1));
  const Model& both = model<std::vector<int>>(
      "both", {{"op", takes_argument | returns_tuple}},
      [](std::vector<int>&, Operation o) { return tuple_result(o.arg, 0); });
  EXPECT_TRUE(both.takes_argument(0));
  EXPECT_EQ(both.describe_result({0, 4}, tuple_result(4, 0)), "(4, 0)");
}

std::string declaration_error(void (*declare)()) {
  try {
    declare();
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "(accepted)";
}

struct NoDefault {
  explicit NoDefault(int v) : value(v) {}
  int value;
  State encode() const { return {value}; }
  static NoDefault decode(const State& v) { return NoDefault(v[0]); }
};

int no_step(std::vector<int>&, Operation) { return 0; }

TEST(LambdaModel, DeclarationErrorsAreRefused) {
  EXPECT_EQ(declaration_error([] { model<std::vector<int>>("", {{"a"}}, no_step); }),
            "a model has no name");
  EXPECT_EQ(declaration_error([] { model<std::vector<int>>("m", {}, no_step); }),
            "model m has no operations");
  EXPECT_EQ(declaration_error([] {
              model<std::vector<int>>("m", {{"a"}, {"a"}}, no_step);
            }),
            "model m: two operations a");
  EXPECT_EQ(declaration_error([] { model<std::vector<int>>("m", {{""}}, no_step); }),
            "model m: an unnamed operation");
  EXPECT_EQ(declaration_error([] { model<std::vector<int>>("m", {{"a"}}, nullptr); }),
            "model m has no step function");
  EXPECT_EQ(declaration_error(
                [] { model<NoDefault>("m", {{"a"}}, [](NoDefault&, Operation) { return 0; }); }),
            "model m: its state type needs an initial state");
  EXPECT_EQ(declaration_error([] {
              model<NoDefault>("m", {{"a"}}, [](NoDefault&, Operation) { return 0; },
                               {.initial = NoDefault(4)});
            }),
            "(accepted)");
}

}  // namespace
}  // namespace lineup::specs
