// PCT: reproducible from its seed, and it preempts only at its priority change points.
#include "engine/strategy/pct.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "engine/engine.h"
#include "fixtures/fixtures.h"

namespace lineup::engine {
namespace {

// Forwards to PCT and records, for each step, whether the choice preempted a thread that
// could have continued.
class Recording final : public Strategy {
 public:
  explicit Recording(PctStrategy& pct) : pct_(pct) {}
  bool begin_execution() override {
    preempted_at.clear();
    return pct_.begin_execution();
  }
  Decision next_thread(const SchedulingPoint& p) override {
    Decision d = pct_.next_thread(p);
    if (preempts(p, d)) preempted_at.push_back(p.step);
    return d;
  }
  void end_execution(const ExecutionResult& r) override { pct_.end_execution(r); }
  std::vector<size_t> preempted_at;

 private:
  PctStrategy& pct_;
};

std::vector<std::string> schedules(uint64_t seed, int depth, int n) {
  Engine engine;
  Program p = fixtures::smoke_program("boost-queue", 3, 3).program;
  PctStrategy pct(seed, depth, static_cast<uint64_t>(n));
  std::vector<std::string> out;
  engine.explore(p, pct, [&](const ExecutionResult& r) {
    EXPECT_EQ(r.outcome, Outcome::kCompleted) << r.message;
    out.push_back(r.schedule.to_token());
    return true;
  });
  return out;
}

TEST(Pct, SameSeedSameSchedules) {
  std::vector<std::string> a = schedules(7, 3, 200), b = schedules(7, 3, 200);
  EXPECT_EQ(a.size(), 200u);  // exactly the executions asked for
  EXPECT_EQ(a, b);
  EXPECT_NE(a, schedules(8, 3, 200));
}

TEST(Pct, PreemptsOnlyAtChangePoints) {
  Engine engine;
  Program p = fixtures::smoke_program("boost-queue", 3, 3).program;
  for (int depth : {1, 2, 3, 5}) {
    PctStrategy pct(11, depth, 300);
    Recording rec(pct);
    int with_preemption = 0;
    engine.explore(p, rec, [&](const ExecutionResult& r) {
      EXPECT_EQ(r.outcome, Outcome::kCompleted) << r.message;
      const std::vector<size_t>& points = pct.change_points();
      EXPECT_LE(points.size(), static_cast<size_t>(depth - 1));
      EXPECT_LE(rec.preempted_at.size(), static_cast<size_t>(depth - 1));
      for (size_t step : rec.preempted_at) {
        EXPECT_TRUE(std::find(points.begin(), points.end(), step) != points.end())
            << "depth " << depth << ": preemption at step " << step << " is no change point";
      }
      with_preemption += !rec.preempted_at.empty();
      return true;
    });
    if (depth == 1) {
      EXPECT_EQ(with_preemption, 0);  // no change points: threads run until they block
    } else {
      EXPECT_GT(with_preemption, 0);  // change points inside the execution do preempt
    }
  }
}

}  // namespace
}  // namespace lineup::engine
