// The registered libcds structures (cds/...) hunt a fixed number of programs without a
// violation, except OptimisticQueue's empty() and SkipListSet's contains()
// (docs/findings.md), whose bugs are found, and MSQueue's data race of libcds issue 186 is
// found in c11 mode; several
// hunts over different libcds structures and thread counts run in one process.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

#include "generator/client.h"
#include "lineup/hunt/hunt.h"
#include "specs/structure.h"

namespace lineup {
namespace {

std::vector<std::string> cds_names() {
  std::vector<std::string> out;
  for (const specs::Target& t : specs::registered_targets()) {
    if (t.name.starts_with("cds/")) out.push_back(t.name);
  }
  return out;
}

// contains() does not look at the deletion mark of the node it finds (docs/findings.md).
constexpr char kSkipList[] = "cds/skiplist_set";

// empty() reads tail and head in two loads and is not linearizable (docs/findings.md).
constexpr char kOptimisticQueue[] = "cds/optimisticqueue";
constexpr char kOptimisticQueueEmpty[] = "cds::intrusive::OptimisticQueue<...>::empty";

// A hunt of 5 programs, atomics only, at most 2,000 executions each.
hunt::HuntOptions small_hunt() {
  hunt::HuntOptions o;
  o.budget_seconds = 1e9;  // bounded by programs and executions, not by time
  o.max_programs = 5;
  o.replay.atomics_only = true;
  o.search.executions_per_program = 2000;
  return o;
}

TEST(CdsStructures, EveryOneIsRegistered) {
  std::vector<std::string> expected = {"cds/basketqueue",       "cds/cuckoo_set",
                                       "cds/ellen_bintree_set", "cds/fcqueue",
                                       "cds/fcstack",           "cds/feldman_hash_set",
                                       "cds/iterable_list",     "cds/lazy_list",
                                       "cds/michael_hash_set",  "cds/michael_list",
                                       "cds/moirqueue",         "cds/msqueue",
                                       "cds/msqueue-issue186",  "cds/optimisticqueue",
                                       "cds/refinable_set",     "cds/rwqueue",
                                       "cds/segmentedqueue",    "cds/skiplist_set",
                                       "cds/split_list_set",    "cds/striped_set",
                                       "cds/treiber_stack",     "cds/treiber_stack_elimination",
                                       "cds/vyukov_mpmc_queue"};
  EXPECT_EQ(cds_names(), expected);
  for (const std::string& name : cds_names()) {
    const specs::Target* t = specs::find_target(name);
    EXPECT_EQ(t->origin, "libcds 2.3.3") << name;
    EXPECT_NE(t->prepare_engine, nullptr) << name;
  }
}

std::vector<std::string> correct_names() {
  std::vector<std::string> out = cds_names();
  out.erase(std::find(out.begin(), out.end(), kSkipList));
  return out;
}

class CdsCorrect : public ::testing::TestWithParam<std::string> {};

TEST_P(CdsCorrect, HuntsCleanly) {
  const std::string& name = GetParam();
  hunt::HuntOptions o = small_hunt();
  // Beyond its empty() bug (tested below), OptimisticQueue hunts cleanly.
  if (name == kOptimisticQueue) o.sealed = {kOptimisticQueueEmpty};
  hunt::HuntResult r = hunt::hunt(*specs::find_target(name), o);
  EXPECT_EQ(r.programs, o.max_programs);
  EXPECT_GT(r.executions, o.max_programs);
  EXPECT_TRUE(r.violations.empty()) << r.violations.front().report;
}

INSTANTIATE_TEST_SUITE_P(All, CdsCorrect, ::testing::ValuesIn(correct_names()),
                         [](const auto& info) {
                           std::string n = info.param;
                           for (char& c : n)
                             c = std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
                           return n;
                         });

// The one violation a 20-program hunt of `name` reports; it must be a wrong result.
hunt::Violation only_violation(const std::string& name) {
  hunt::HuntOptions o = small_hunt();
  o.max_programs = 20;
  hunt::HuntResult r = hunt::hunt(*specs::find_target(name), o);
  EXPECT_EQ(r.violations.size(), 1u);
  if (r.violations.empty()) return {};
  EXPECT_EQ(r.violations.front().kind, lineup::hunt::ViolationKind::kNotLinearizable);
  return r.violations.front();
}

TEST(CdsOptimisticQueue, EmptyIsNotLinearizable) {
  hunt::Violation v = only_violation(kOptimisticQueue);
  EXPECT_NE(std::find(v.signature.begin(), v.signature.end(), kOptimisticQueueEmpty),
            v.signature.end())
      << v.report;
  EXPECT_NE(v.report.find("empty() -> true"), std::string::npos) << v.report;
}

TEST(CdsSkipListSet, ContainsMissesTheDeletionMark) {
  hunt::Violation v = only_violation(kSkipList);
  EXPECT_NE(v.report.find("contains("), std::string::npos) << v.report;
  EXPECT_NE(v.report.find("erase("), std::string::npos) << v.report;
}

// libcds issue 186 (docs/findings.md): under the C++ memory model, the second dequeuer reads
// the node's link unsynchronised with the node's construction, a data race found in the first
// execution; the same client with every ordered access seq_cst hunts clean within one
// preemption and one stale read.
TEST(CdsMSQueue, Issue186IsADataRaceInC11Mode) {
  hunt::HuntOptions o;
  o.budget_seconds = 1e9;
  o.max_programs = 3;
  o.replay.memory_model = engine::MemoryModel::kC11;
  o.search.strategy = engine::StrategyKind::kDfs;
  o.search.bound = 0;
  o.search.stale_bound = 0;
  o.search.executions_per_program = 2000;
  hunt::HuntResult r = hunt::hunt(*specs::find_target("cds/msqueue-issue186"), o);
  ASSERT_EQ(r.violations.size(), 1u);
  const hunt::Violation& v = r.violations.front();
  EXPECT_EQ(v.kind, hunt::ViolationKind::kDataRace) << v.report;
  EXPECT_EQ(v.preemptions, 0) << v.report;
  EXPECT_NE(v.report.find("single_link_struct.h:43"), std::string::npos) << v.report;
  EXPECT_NE(v.report.find("msqueue.h:396"), std::string::npos) << v.report;  // the head CAS
  o.search.bound = 1;
  o.search.stale_bound = 1;
  hunt::HuntResult control =
      hunt::hunt(*specs::find_target("control/cds-msqueue-issue186-seq-cst"), o);
  EXPECT_EQ(control.programs, 3u);
  EXPECT_TRUE(control.violations.empty()) << control.violations.front().report;
}

// One hunt of `client` on `structure` in c11 mode, data races let pass: dfs within one
// preemption and `stale_bound` stale choices, to the end of that bound.
hunt::HuntResult hunt_c11_client(const char* structure, const char* client, int stale_bound) {
  const specs::Target& target = *specs::find_target(structure);
  hunt::HuntOptions o;
  o.budget_seconds = 1e9;
  o.max_programs = 1;
  o.replay.memory_model = engine::MemoryModel::kC11;
  o.replay.report_data_races = false;
  o.search.strategy = engine::StrategyKind::kDfs;
  o.search.bound = 1;
  o.search.stale_bound = stale_bound;
  o.search.executions_per_program = 200000;
  o.client = generator::parse_client(*target.model, client, hunt::client_limits());
  return hunt::hunt(target, o);
}

// MichaelList under the C++ memory model (docs/findings.md): an erase's unlinking
// compare-exchange is acquire only, so a search that reads the new link is not synchronised with
// the insert of the node it reaches, and a contains(3) answering true does not happen after
// insert(3), although the values are linearizable (data races let pass, as the report would
// otherwise stop at the race on the node's link). The same list with every ordered access
// seq_cst keeps the promise over every execution within one preemption and two stale reads (the
// bound the bug needs: with one stale read it is not reached).
TEST(CdsMichaelList, AnUnlinkReleasesNothingInC11Mode) {
  hunt::HuntResult r =
      hunt_c11_client("cds/michael_list", "insert(1) erase(1) | insert(3) | contains(3)", 2);
  ASSERT_EQ(r.violations.size(), 1u);
  const hunt::Violation& v = r.violations.front();
  EXPECT_EQ(v.kind, hunt::ViolationKind::kMissingSynchronization) << v.report;
  EXPECT_NE(v.report.find("T2[0].contains(3) -> 1 does not happen after T1[0].insert(3)"),
            std::string::npos)
      << v.report;
  hunt::HuntResult control = hunt_c11_client("control/cds-michael-list-seq-cst",
                                             "insert(1) erase(1) | insert(3) | contains(3)", 2);
  EXPECT_EQ(control.programs, 1u);
  EXPECT_TRUE(control.violations.empty()) << control.violations.front().report;
}

// BasketQueue's enqueue reads the tail's next relaxed (basket_queue.h:642), so an enqueuer that
// finds another's new node there learns nothing of that enqueuer's reset of the node's own next
// (line 645, before its release compare-exchange links the node): its compare-exchange linking
// its node after that one may read the node's older null and go before the reset in
// modification order (RC11 lets an rmw read any store no rmw follows). The reset then erases
// the link, the tail names the lost node, and the second pop dereferences its null successor.
// The crash needs three stale choices (within two, bound 1 completes clean); the same queue with
// every ordered access seq_cst completes that bound clean.
TEST(CdsBasketQueue, AResetOverwritesAStaleLinkInC11Mode) {
  const char* client = "push(1) | push(1) | pop() pop()";
  hunt::HuntResult r = hunt_c11_client("cds/basketqueue", client, 3);
  ASSERT_EQ(r.violations.size(), 1u);
  EXPECT_EQ(r.violations.front().kind, hunt::ViolationKind::kCrash) << r.violations.front().report;
  EXPECT_NE(r.violations.front().report.find("basket_queue.h:379"), std::string::npos)
      << r.violations.front().report;
  EXPECT_TRUE(hunt_c11_client("cds/basketqueue", client, 2).violations.empty());
  hunt::HuntResult control = hunt_c11_client("control/cds-basketqueue-seq-cst", client, 3);
  EXPECT_EQ(control.programs, 1u);
  EXPECT_TRUE(control.violations.empty()) << control.violations.front().report;
}

// Each hunt makes a new engine; they share libcds's HP GC and thread records, and the
// elimination stack's per-thread data, whatever their thread counts.
TEST(CdsStructures, SeveralHuntsInOneProcess) {
  struct Case {
    const char* name;
    int threads;
  };
  for (Case c : {Case{"cds/msqueue", 3}, Case{"cds/treiber_stack_elimination", 2},
                 Case{"cds/michael_list", 4}, Case{"cds/treiber_stack_elimination", 3},
                 Case{"cds/segmentedqueue", 2}}) {
    hunt::HuntOptions o = small_hunt();
    o.threads = c.threads;
    o.calls = 2;
    o.max_programs = 2;
    o.search.executions_per_program = 500;
    hunt::HuntResult r = hunt::hunt(*specs::find_target(c.name), o);
    EXPECT_EQ(r.programs, 2u) << c.name;
    EXPECT_TRUE(r.violations.empty()) << c.name << ": " << r.violations.front().report;
  }
}

}  // namespace
}  // namespace lineup
