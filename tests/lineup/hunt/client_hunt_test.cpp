// Hunts of a client (HuntOptions::client): every program is one of the client's; a program
// searched before is sampled instead of searched again, wherever its first occurrence falls
// (another shard, another worker), and the bound stays claimed by that first search; a client
// that leaves nothing out ends the hunt once its program is explored exhaustively.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "generator/client.h"
#include "generator/client_programs.h"
#include "generator/programs.h"
#include "lineup/hunt/hunt.h"
#include "lineup/hunt/parallel.h"
#include "specs/structure.h"

namespace lineup::hunt {
namespace {

HuntOptions client_hunt(const specs::Target& target, const char* client, uint64_t programs) {
  HuntOptions o;
  o.budget_seconds = 1e9;  // bounded by the number of programs, not by time
  o.max_programs = programs;
  o.replay.atomics_only = true;
  o.search.executions_per_program = 3000;
  o.client = generator::parse_client(*target.model, client, client_limits());
  return o;
}

const specs::Target& boost_queue() { return *specs::find_target("boost/queue"); }

// The one program of a client that leaves nothing out gets the portfolio's search once; every
// further program is POS, which runs exactly its cap of executions.
TEST(ClientHunt, AFixedClientsProgramIsSearchedOnceThenSampled) {
  const HuntOptions o = client_hunt(boost_queue(), "push(1) pop() | push(2) pop() | pop()", 4);
  const HuntResult r = hunt(boost_queue(), o);
  ASSERT_TRUE(r.violations.empty()) << r.violations.front().report;
  EXPECT_EQ(r.programs, 4u);
  EXPECT_EQ(r.programs_repeated, 3u);
  EXPECT_FALSE(r.client_exhausted);
  EXPECT_EQ(r.bound_completed, 2);
  ASSERT_EQ(r.per_program.size(), 4u);
  EXPECT_NE(r.per_program[0].executions, o.search.executions_per_program);
  for (size_t i = 1; i < 4; ++i) {
    EXPECT_EQ(r.per_program[i].executions, o.search.executions_per_program) << i;
  }
}

// A shard whose programs all repeat the program of index 0 (in another shard) samples them
// all and claims no bound of its own.
TEST(ClientHunt, RepeatsAreKnownAcrossShards) {
  HuntOptions o = client_hunt(boost_queue(), "push(1) pop() | push(2) pop() | pop()", 3);
  o.shard.index = 1;
  o.shard.count = 2;
  const HuntResult r = hunt(boost_queue(), o);
  EXPECT_EQ(r.programs, 3u);
  EXPECT_EQ(r.programs_repeated, 3u);
  EXPECT_EQ(r.bound_completed, -1);
}

// Two workers: one searches the program, the other only samples it; the merged hunt claims
// the first one's bound.
TEST(ClientHunt, TwoWorkersClaimTheBoundOfTheOneSearch) {
  const HuntOptions o = client_hunt(boost_queue(), "push(1) pop() | push(2) pop() | pop()", 4);
  const HuntResult r = hunt_parallel(boost_queue(), o, 2);
  EXPECT_EQ(r.programs, 4u);
  EXPECT_EQ(r.programs_repeated, 3u);
  EXPECT_EQ(r.bound_completed, 2);
}

// Drawn arguments give a few distinct programs: each is searched at its first index only.
TEST(ClientHunt, EachDistinctProgramIsSearchedOnce) {
  const HuntOptions o = client_hunt(boost_queue(), "push() | pop()", 12);
  std::set<std::string> distinct;
  const auto gen = generator::client_programs(boost_queue(), *o.client);
  for (uint64_t i = 0; i < 12; ++i) {
    const specs::TestProgram p = generator::sample(gen, o.seed, i);
    EXPECT_TRUE(o.client->has_program(*boost_queue().model, p));
    distinct.insert(p.describe(*boost_queue().model));
  }
  ASSERT_GT(distinct.size(), 1u);
  const HuntResult r = hunt(boost_queue(), o);
  EXPECT_EQ(r.programs, 12u);
  EXPECT_EQ(r.programs_repeated, 12u - distinct.size());
  EXPECT_FALSE(r.client_exhausted);
}

// A program small enough to be explored exhaustively leaves nothing to sample: the hunt ends
// after it, whatever the number of programs asked for.
TEST(ClientHunt, AFixedClientExploredExhaustivelyEndsTheHunt) {
  const specs::Target& queue = *specs::find_target("ref/queue");
  const HuntResult r = hunt(queue, client_hunt(queue, "push(1) | pop()", 5));
  EXPECT_TRUE(r.violations.empty());
  EXPECT_EQ(r.programs, 1u);
  EXPECT_TRUE(r.client_exhausted);
  EXPECT_EQ(r.bound_completed, 2);  // the bound asked for: exhaustive covers it
}

// Every program of a client hunt is the client's, the violation's included.
TEST(ClientHunt, TheViolationsProgramIsTheClients) {
  const specs::Target& t = *specs::find_target("seeded/publish-before-write");
  HuntOptions o = client_hunt(t, "push() push(3) | pop() pop()", 20);
  const HuntResult r = hunt(t, o);
  ASSERT_EQ(r.violations.size(), 1u);
  EXPECT_TRUE(o.client->has_program(*t.model, r.violations[0].program))
      << r.violations[0].program.describe(*t.model);
}

}  // namespace
}  // namespace lineup::hunt
