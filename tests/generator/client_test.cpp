// Clients (generator/client.h): the text read back as written, every error naming its column
// and what was expected, the roles a client must keep, and the programs drawn from a client
// (generator/client_programs.h): left-out arguments vary, given ones do not.
#include "generator/client.h"

#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "generator/client_programs.h"
#include "generator/programs.h"

namespace lineup::generator {
namespace {

constexpr ClientLimits kLimits{64, 64};

const specs::Model& queue() { return specs::queue_model(); }

specs::Target queue_target(std::vector<std::vector<int>> roles = {}) {
  specs::Target t;
  t.name = "test/queue";
  t.model = &queue();
  t.arguments = {1, 2, 3};
  t.roles = std::move(roles);
  return t;
}

constexpr int kPush = 0, kPop = 1;

TEST(Client, ThreadsAreSeparatedByBarsAndCallsBySpaces) {
  Client c = parse_client(queue(), "push(1) pop() | pop() | push(2)", kLimits);
  ASSERT_EQ(c.threads.size(), 3u);
  EXPECT_TRUE(c.init.empty());
  EXPECT_EQ(c.threads[0], (std::vector<ClientCall>{{kPush, 1}, {kPop, std::nullopt}}));
  EXPECT_EQ(c.threads[1], (std::vector<ClientCall>{{kPop, std::nullopt}}));
  EXPECT_EQ(c.threads[2], (std::vector<ClientCall>{{kPush, 2}}));
  EXPECT_TRUE(c.fixed(queue()));
}

TEST(Client, AnArgumentLeftOutIsDrawn) {
  for (const char* text : {"push() pop", "push pop()", "  push(  )   pop  "}) {
    Client c = parse_client(queue(), text, kLimits);
    ASSERT_EQ(c.threads.size(), 1u) << text;
    EXPECT_EQ(c.threads[0], (std::vector<ClientCall>{{kPush, std::nullopt}, {kPop, std::nullopt}}))
        << text;
    EXPECT_TRUE(c.drawn(queue(), 0, 0)) << text;
    EXPECT_FALSE(c.drawn(queue(), 0, 1)) << text;  // pop takes none
    EXPECT_FALSE(c.fixed(queue())) << text;
  }
}

TEST(Client, AnInitPrefixComesFirst) {
  Client c = parse_client(queue(), "init: push(1) push() | pop() | pop()", kLimits);
  EXPECT_EQ(c.init, (std::vector<ClientCall>{{kPush, 1}, {kPush, std::nullopt}}));
  EXPECT_EQ(c.threads.size(), 2u);
  EXPECT_TRUE(c.drawn_init(queue(), 1));
  EXPECT_FALSE(c.drawn_init(queue(), 0));
  EXPECT_EQ(to_string(c, queue()), "init: push(1) push() | pop() | pop()");
}

TEST(Client, NegativeArgumentsAreGiven) {
  Client c = parse_client(queue(), "push(-7)", kLimits);
  EXPECT_EQ(c.threads[0][0].arg, -7);
}

struct BadText {
  const char* text;
  size_t column;
  const char* message;
  ClientLimits limits = kLimits;
};

TEST(Client, ErrorsNameTheColumnAndWhatWasExpected) {
  const BadText cases[] = {
      {"push(1) pusj()", 9, "unknown operation 'pusj' (the queue model has push, pop)"},
      {"pop(1)", 5, "pop takes no argument"},
      {"push() | | pop()", 10, "empty thread T1: expected a call (push, pop) before '|'"},
      {"push() |", 9, "empty thread T1: expected a call (push, pop)"},
      {"", 1, "empty thread T0: expected a call (push, pop)"},
      {"   ", 4, "empty thread T0: expected a call (push, pop)"},
      {"push(x)", 6, "expected an integer argument or ')'"},
      {"push(99999999999)", 6, "expected an integer argument or ')'"},
      {"push(1", 7, "expected ')' closing push("},
      {"push(1 2)", 8, "expected ')' closing push("},
      {"pop() ; push()", 7, "expected a call (push, pop), found ';'"},
      {"init: | pop()", 7, "empty init prefix: expected a call (push, pop) before '|'"},
      {"init: push(1)", 14, "expected '|' and a thread after the init prefix, found the end"},
      {"pop() | init: push(1)", 9,
       "unknown operation 'init' (the queue model has push, pop); "
       "'init:' starts the client, before its threads"},
      {"pop() | pop() | pop()", 17, "thread T2 is one too many (at most 2 threads)", {2, 64}},
      {"pop() pop() | pop() pop()", 21, "call 4 is one too many (at most 3 calls in all)", {64, 3}},
      {"init: push(1) | pop() pop()",
       23,
       "call 3 is one too many (at most 2 calls in all)",
       {64, 2}},
  };
  for (const BadText& c : cases) {
    try {
      parse_client(queue(), c.text, c.limits);
      ADD_FAILURE() << "'" << c.text << "' was read";
    } catch (const ClientError& e) {
      EXPECT_EQ(e.column(), c.column) << c.text;
      EXPECT_EQ(std::string(e.what()),
                "at column " + std::to_string(c.column) + ": " + std::string(c.message))
          << c.text;
    }
  }
}

// Any client of the queue model, written and read back.
Client random_client() {
  auto call = rc::gen::apply(
      [](int op, bool given, int arg) {
        return ClientCall{op, op == kPush && given ? std::optional<int>(arg) : std::nullopt};
      },
      rc::gen::inRange(0, 2), rc::gen::arbitrary<bool>(), rc::gen::arbitrary<int>());
  auto calls =
      rc::gen::resize(4, rc::gen::nonEmpty(rc::gen::container<std::vector<ClientCall>>(call)));
  Client c;
  c.threads = *rc::gen::resize(
      4, rc::gen::nonEmpty(rc::gen::container<std::vector<std::vector<ClientCall>>>(calls)));
  if (*rc::gen::arbitrary<bool>()) c.init = *calls;
  return c;
}

RC_GTEST_PROP(Client, TextReadsBackAsTheSameClient, ()) {
  const Client c = random_client();
  const std::string text = to_string(c, queue());
  RC_ASSERT(parse_client(queue(), text, kLimits) == c);
}

TEST(Client, DrawnArgumentsVaryAndGivenOnesDoNot) {
  const specs::Target target = queue_target();
  const Client c = parse_client(queue(), "push() push(2) pop() | push | pop()", kLimits);
  const rc::Gen<specs::TestProgram> gen = client_programs(target, c);
  std::set<std::pair<int, int>> drawn;
  for (uint64_t i = 0; i < 50; ++i) {
    const specs::TestProgram p = sample(gen, 1, i);
    ASSERT_TRUE(c.has_program(queue(), p)) << p.describe(queue());
    EXPECT_EQ(p.threads[0][1], (specs::Operation{kPush, 2}));
    drawn.insert({p.threads[0][0].arg, p.threads[1][0].arg});
    for (int arg : {p.threads[0][0].arg, p.threads[1][0].arg}) {
      EXPECT_TRUE(arg >= 1 && arg <= 3) << arg;
    }
  }
  EXPECT_GT(drawn.size(), 3u);  // of the 9 pairs of {1, 2, 3}
}

TEST(Client, AClientThatLeavesNothingOutHasOneProgram) {
  const specs::Target target = queue_target();
  const Client c = parse_client(queue(), "init: push(3) | push(1) pop() | pop()", kLimits);
  const rc::Gen<specs::TestProgram> gen = client_programs(target, c);
  const specs::TestProgram first = sample(gen, 1, 0);
  EXPECT_EQ(first.describe(queue()), "init: push(3) | T0: push(1) pop() | T1: pop()");
  for (uint64_t i = 1; i < 20; ++i) EXPECT_EQ(sample(gen, 9, i), first);
}

TEST(Client, ItsProgramsKeepItsCallsAndGivenArguments) {
  const Client c = parse_client(queue(), "push() pop() | push(2)", kLimits);
  auto program = [](std::vector<std::vector<specs::Operation>> threads) {
    return specs::TestProgram{{}, std::move(threads)};
  };
  EXPECT_TRUE(c.has_program(queue(), program({{{kPush, 3}, {kPop, 0}}, {{kPush, 2}}})));
  EXPECT_FALSE(c.has_program(queue(), program({{{kPush, 3}, {kPop, 0}}, {{kPush, 1}}})));
  EXPECT_FALSE(c.has_program(queue(), program({{{kPush, 3}}, {{kPush, 2}}})));
  EXPECT_FALSE(c.has_program(queue(), program({{{kPop, 0}, {kPop, 0}}, {{kPush, 2}}})));
  EXPECT_FALSE(c.has_program(queue(), program({{{kPush, 3}, {kPop, 0}}})));
  EXPECT_FALSE(c.has_program(
      queue(), specs::TestProgram{{{kPush, 1}}, {{{kPush, 3}, {kPop, 0}}, {{kPush, 2}}}}));
}

TEST(Client, RolesRestrictEachThreadsCalls) {
  const specs::Target target = queue_target({{kPush}, {kPop}});
  auto why = [&](const char* text) {
    return role_violation(parse_client(queue(), text, kLimits), target);
  };
  EXPECT_EQ(why("push() push(1) | pop()"), "");
  EXPECT_EQ(why("init: pop() | push() | pop()"), "");  // the init prefix has no role
  EXPECT_EQ(why("push() | push()"), "thread T1 calls push, outside its role in test/queue (pop)");
  EXPECT_EQ(why("push() pop() | pop()"),
            "thread T0 calls pop, outside its role in test/queue (push)");
  EXPECT_EQ(why("push() | pop() | pop()"), "3 threads, but test/queue declares roles for 2");
  EXPECT_EQ(role_violation(parse_client(queue(), "pop() | push()", kLimits), queue_target()), "");
}

}  // namespace
}  // namespace lineup::generator
