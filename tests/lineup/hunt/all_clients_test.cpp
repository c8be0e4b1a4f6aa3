// The clients `verify --all-clients` verifies: every client of exactly N calls, each once,
// as many as the count says, none a role refuses.
#include "lineup/hunt/all_clients.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

#include "specs/model.h"

namespace lineup::hunt {
namespace {

specs::Target queue_target(std::vector<int> arguments) {
  specs::Target t;
  t.name = "test/queue";
  t.model = &specs::queue_model();
  t.arguments = std::move(arguments);
  return t;
}

size_t calls_of(const generator::Client& c) {
  size_t n = 0;
  for (const auto& thread : c.threads) n += thread.size();
  return n;
}

// push(1), push(2) and pop(): 3 calls a client call may be; for 3 calls, 4 thread shapes
// (3, 2+1, 1+2, 1+1+1), 27 clients each.
TEST(AllClients, EveryClientOfNCallsOnce) {
  const specs::Target t = queue_target({1, 2});
  EXPECT_EQ(client_calls(t).size(), 3u);
  const std::vector<generator::Client> clients = all_clients(t, 3, 3);
  EXPECT_EQ(clients.size(), 108u);
  EXPECT_EQ(count_all_clients(t, 3, 3), 108u);
  std::set<std::string> seen;
  for (const generator::Client& c : clients) {
    EXPECT_EQ(calls_of(c), 3u);
    EXPECT_TRUE(c.init.empty());
    for (const auto& thread : c.threads) EXPECT_FALSE(thread.empty());
    seen.insert(generator::to_string(c, *t.model));
  }
  EXPECT_EQ(seen.size(), clients.size());
  EXPECT_TRUE(seen.count("pop() | push(2) | push(1)"));
  EXPECT_TRUE(seen.count("push(1) push(1) pop()"));
  // At most two threads: the 1+1+1 shape is gone.
  EXPECT_EQ(all_clients(t, 3, 2).size(), 81u);
  EXPECT_EQ(count_all_clients(t, 3, 2), 81u);
}

// With roles (thread 0 pushes, thread 1 pops), only the clients they allow.
TEST(AllClients, RolesRefuseClients) {
  specs::Target t = queue_target({1});
  const int push = 0, pop = 1;
  ASSERT_EQ(t.model->operation_names()[push], "push");
  t.roles = {{push}, {pop}};
  const std::vector<generator::Client> clients = all_clients(t, 2, 2);
  std::set<std::string> seen;
  for (const generator::Client& c : clients) seen.insert(generator::to_string(c, *t.model));
  EXPECT_EQ(seen, (std::set<std::string>{"push(1) push(1)", "push(1) | pop()"}));
  EXPECT_EQ(count_all_clients(t, 2, 2), 2u);
}

}  // namespace
}  // namespace lineup::hunt
