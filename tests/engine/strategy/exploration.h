// Running a strategy to the end over a program and collecting what it explored: executions,
// their equivalence classes (happens-before fingerprints) and preemption counts.
#pragma once

#include <map>
#include <set>
#include <vector>

#include "engine/engine.h"
#include "engine/memory/happens_before.h"

namespace lineup::engine::testing {

struct Explored {
  uint64_t executions = 0;  // completed executions (abandoned ones are not counted)
  uint64_t abandoned = 0;
  std::set<uint64_t> classes;
  std::map<uint64_t, int> fewest_preemptions;  // per class
  std::vector<int> preemptions;                // per completed execution
  std::vector<Schedule> schedules;             // per completed execution
  std::vector<uint64_t> digests;               // per completed execution, see digest()
};

/// A hash of everything a trace records, step by step, in order.
inline uint64_t digest(const Trace& trace) {
  uint64_t h = 1469598103934665603ULL;
  auto mix = [&h](uint64_t v) { h = (h ^ v) * 1099511628211ULL; };
  for (const Transition& t : trace.steps) {
    mix(static_cast<uint64_t>(t.thread));
    mix(static_cast<uint64_t>(t.kind));
    mix(t.addr);
    mix(t.value);
    mix(t.old_value);
    mix(t.pc);
    mix(t.flags);
  }
  return h;
}

/// Forwards to a strategy and counts the preemptions of each execution: steps that switch
/// away from a thread that could have continued.
class CountingPreemptions final : public Strategy {
 public:
  explicit CountingPreemptions(Strategy& inner) : inner_(inner) {}
  bool begin_execution() override {
    preemptions_ = 0;
    return inner_.begin_execution();
  }
  Decision next_thread(const SchedulingPoint& p) override {
    Decision d = inner_.next_thread(p);
    if (preempts(p, d)) ++preemptions_;
    return d;
  }
  void end_execution(const ExecutionResult& r) override { inner_.end_execution(r); }
  std::string stop_reason() const override { return inner_.stop_reason(); }
  int preemptions() const { return preemptions_; }

 private:
  Strategy& inner_;
  int preemptions_ = 0;
};

inline uint64_t fingerprint(const Trace& trace, int threads) {
  HappensBefore hb;
  hb.reset(threads);
  for (const Transition& t : trace.steps) hb.add(t);
  return hb.fingerprint();
}

/// Runs `strategy` until it has nothing left (at most `limit` executions). Every execution
/// must complete or be abandoned.
inline Explored explore(Engine& engine, const Program& program, Strategy& strategy,
                        uint64_t limit = 10'000'000) {
  Explored out;
  CountingPreemptions counting(strategy);
  int threads = static_cast<int>(program.threads.size());
  engine.explore(program, counting, [&](const ExecutionResult& r) {
    if (r.outcome == Outcome::kAbandoned) {
      ++out.abandoned;
      return true;
    }
    EXPECT_EQ(r.outcome, Outcome::kCompleted) << r.message;
    ++out.executions;
    uint64_t f = fingerprint(r.trace, threads);
    out.classes.insert(f);
    auto [it, fresh] = out.fewest_preemptions.emplace(f, counting.preemptions());
    if (!fresh && counting.preemptions() < it->second) it->second = counting.preemptions();
    out.preemptions.push_back(counting.preemptions());
    out.schedules.push_back(r.schedule);
    out.digests.push_back(digest(r.trace));
    return out.executions + out.abandoned < limit;
  });
  return out;
}

}  // namespace lineup::engine::testing
