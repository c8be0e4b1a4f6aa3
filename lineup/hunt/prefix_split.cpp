#include "lineup/hunt/prefix_split.h"

#include <bit>
#include <stdexcept>

#include "engine/happens_before.h"

namespace lineup::hunt {

Prefix owner_prefix(const std::vector<engine::Transition>& steps, size_t length) {
  Prefix out;
  std::vector<bool> placed(steps.size(), false);
  std::vector<engine::Access> access(steps.size());
  for (size_t i = 0; i < steps.size(); ++i) access[i] = engine::Access::of(steps[i]);
  while (out.size() < length) {
    // Each thread's first step not placed yet, in the order of threads: the first whose
    // dependent predecessors are all placed comes next.
    size_t next = steps.size();
    engine::ThreadId best = engine::kNoThread;
    std::vector<bool> thread_seen;
    for (size_t j = 0; j < steps.size(); ++j) {
      const engine::ThreadId t = steps[j].thread;
      if (placed[j]) continue;
      if (static_cast<size_t>(t) >= thread_seen.size()) thread_seen.resize(t + 1, false);
      if (thread_seen[t]) continue;  // not its thread's first unplaced step
      thread_seen[t] = true;
      if (best != engine::kNoThread && t > best) continue;
      // The thread's earlier steps are all placed; another thread's must be independent.
      bool ready = true;
      for (size_t i = 0; i < j && ready; ++i) {
        ready = placed[i] || !engine::dependent(access[i], access[j]);
      }
      if (ready) {
        next = j;
        best = t;
      }
    }
    if (next == steps.size()) break;
    placed[next] = true;
    out.push_back(best);
  }
  return out;
}

namespace {

// Replays a prefix, then runs the lowest enabled thread to the end; remembers which threads
// could run right after the prefix.
class PrefixThenLowest final : public engine::Strategy {
 public:
  explicit PrefixThenLowest(const Prefix& prefix) : prefix_(prefix) {}
  bool begin_execution() override { return true; }
  engine::Decision next_thread(const engine::SchedulingPoint& point) override {
    if (point.step < prefix_.size()) {
      const engine::ThreadId t = prefix_[point.step];
      return point.is_enabled(t) ? engine::Decision::run(t) : engine::Decision::stop();
    }
    if (point.step == prefix_.size()) after_ = point.enabled;
    return engine::Decision::run(std::countr_zero(point.enabled));
  }
  void end_execution(const engine::ExecutionResult&) override {}
  uint64_t after() const { return after_; }

 private:
  const Prefix& prefix_;
  uint64_t after_ = 0;
};

}  // namespace

std::vector<Prefix> split_prefixes(engine::Engine& engine, const specs::Target& target,
                                   const specs::TestProgram& program, size_t at_least,
                                   size_t max_length) {
  std::vector<int> results(program.results_size(), 0);
  engine::Program p = target.instantiate(program, &results);
  std::vector<Prefix> level{{}};
  for (size_t length = 0; length < max_length && level.size() < at_least; ++length) {
    std::vector<Prefix> next;
    for (const Prefix& prefix : level) {
      PrefixThenLowest strategy(prefix);
      const engine::ExecutionResult& r = engine.run(p, strategy);
      if (r.trace.steps.size() < prefix.size()) {
        throw std::runtime_error("splitting the search: a prefix did not replay: " + r.message);
      }
      if (r.trace.steps.size() == prefix.size()) {  // the program ends there
        next.push_back(prefix);
        continue;
      }
      for (uint64_t m = strategy.after(); m != 0; m &= m - 1) {
        Prefix longer = prefix;
        longer.push_back(std::countr_zero(m));
        // Kept when it is its own least linearization: only then does it own anything.
        PrefixThenLowest check(longer);
        const engine::ExecutionResult& c = engine.run(p, check);
        if (c.trace.steps.size() < longer.size()) {
          throw std::runtime_error("splitting the search: a prefix did not replay: " + c.message);
        }
        const std::vector<engine::Transition> steps(c.trace.steps.begin(),
                                                    c.trace.steps.begin() + longer.size());
        if (owner_prefix(steps, longer.size()) == longer) next.push_back(std::move(longer));
      }
    }
    level = std::move(next);
  }
  return level;
}

}  // namespace lineup::hunt
