// Boost.Lockfree's fixed-size containers (capacity<2>) against the exact bounded models:
// calls that do not overlap see exactly two places, for the queue too although its pool has
// a third node (its dummy); overlapping calls can be refused below capacity, as Boost
// documents (a push fails when the node pool is exhausted, docs/findings.md), which is why
// they are registered with the pool-bounded models.
#include <gtest/gtest.h>

#include "generator/programs.h"
#include "lineup/hunt/hunt.h"
#include "specs/structure.h"

namespace lineup {
namespace {

hunt::HuntOptions capped(uint64_t programs) {
  hunt::HuntOptions o;
  o.budget_seconds = 1e9;  // bounded by the number of programs, not by time
  o.max_programs = programs;
  return o;
}

// The registered structure with another model.
specs::Target with_model(const std::string& name, const specs::Model& model) {
  specs::Target t = *specs::find_target(name);
  t.model = &model;
  return t;
}

struct Case {
  const char* name;
  const specs::Model& exact;
};

std::vector<Case> fixed_size() {
  return {{"boost/queue-fixed-2", specs::bounded_queue_model(2)},
          {"boost/stack-fixed-2", specs::bounded_stack_model(2)}};
}

// How many of the first `n` programs push onto a full container at some point.
int programs_reaching_full(const specs::Target& t, const hunt::HuntOptions& o, uint64_t n) {
  int full = 0;
  for (uint64_t i = 0; i < n; ++i) {
    specs::TestProgram p = generator::sample(generator::test_programs(t, o.shape()), o.seed, i);
    specs::State s = t.model->initial();
    bool refused = false;
    for (const specs::Operation& op : p.threads.at(0)) {
      refused |= op.op == 0 && t.model->apply(s, op) == 0;
      if (op.op != 0) t.model->apply(s, op);
    }
    full += refused;
  }
  return full;
}

TEST(BoostFixedSize, SequentialCallsSeeExactlyTheCapacity) {
  for (const Case& c : fixed_size()) {
    specs::Target t = with_model(c.name, c.exact);
    hunt::HuntOptions o = capped(30);
    o.threads = 1;
    o.calls = 6;
    // The programs do fill the container: a third value would be accepted by a bigger one.
    EXPECT_GT(programs_reaching_full(t, o, 30), 5) << c.name;
    hunt::HuntResult r = hunt::hunt(t, o);
    EXPECT_EQ(r.programs, 30u) << c.name;
    EXPECT_TRUE(r.violations.empty()) << c.name << ": " << r.violations.front().report;
  }
}

// Under "refused only when full" the first programs of a generic hunt already fail: a push
// is refused while a concurrent push holds the pool's last node, not linked yet.
TEST(BoostFixedSize, ConcurrentPushesAreRefusedBelowCapacity) {
  for (const Case& c : fixed_size()) {
    hunt::HuntResult r = hunt::hunt(with_model(c.name, c.exact), capped(20));
    ASSERT_EQ(r.violations.size(), 1u) << c.name;
    const hunt::Violation& v = r.violations[0];
    EXPECT_EQ(v.kind, lineup::hunt::ViolationKind::kNotLinearizable) << v.report;
    bool refused_push = false;
    for (size_t th = 0; th < v.program.threads.size(); ++th) {
      for (size_t i = 0; i < v.program.threads[th].size(); ++i) {
        size_t flat = v.program.flat(static_cast<int>(th), static_cast<int>(i));
        refused_push |= v.program.threads[th][i].op == 0 && v.results.at(flat) == 0;
      }
    }
    EXPECT_TRUE(refused_push) << v.report;
    // The registered, documented promise accepts the same programs.
    hunt::HuntResult ok = hunt::hunt(*specs::find_target(c.name), capped(v.program_index + 1));
    EXPECT_TRUE(ok.violations.empty()) << c.name << ": " << ok.violations.front().report;
  }
}

TEST(BoostSpsc, OneProducerOneConsumerIsAnExactBoundedQueue) {
  const specs::Target& t = *specs::find_target("boost/spsc_queue");
  EXPECT_EQ(t.model, &specs::bounded_queue_model(2));
  ASSERT_EQ(t.roles.size(), 2u);
  hunt::HuntOptions o = capped(20);
  o.calls = 4;  // more pushes than places
  hunt::HuntResult r = hunt::hunt(t, o);
  EXPECT_EQ(r.programs, 20u);
  EXPECT_TRUE(r.violations.empty()) << r.violations.front().report;
}

}  // namespace
}  // namespace lineup
