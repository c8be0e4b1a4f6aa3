#include "lineup/hunt/prefix_split.h"

#include <bit>
#include <stdexcept>

#include "engine/memory/happens_before.h"

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

bool owns(const std::vector<engine::Transition>& steps, const Prefix& prefix) {
  if (steps.size() < prefix.size()) return false;
  for (size_t k = 0; k < prefix.size(); ++k) {
    if (steps[k].thread != prefix[k]) return owner_prefix(steps, prefix.size()) == prefix;
  }
  std::vector<engine::Access> access(steps.size());
  std::vector<bool> known(steps.size(), false);
  auto access_of = [&](size_t i) -> const engine::Access& {
    if (!known[i]) {
      access[i] = engine::Access::of(steps[i]);
      known[i] = true;
    }
    return access[i];
  };
  for (size_t k = 0; k < prefix.size(); ++k) {
    for (engine::ThreadId u = 0; u < prefix[k]; ++u) {
      size_t j = k;
      while (j < steps.size() && steps[j].thread != u) ++j;
      if (j == steps.size()) continue;  // u has no step left
      bool ready = true;
      for (size_t i = k; i < j && ready; ++i)
        ready = !engine::dependent(access_of(i), access_of(j));
      if (ready) return false;  // u's step could come at k: the class starts otherwise
    }
  }
  return true;
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

// Replays a prefix with the threads below each of its threads asleep (as the part's search
// runs it, prefix_strategy.h), then runs awake threads only, the lowest first or, with a
// seed, in a random order, until the program ends or every enabled thread is asleep. An
// execution that ends is one of a class the prefix owns: a witness that its part is not empty.
class PrefixThenAwake final : public engine::Strategy {
 public:
  PrefixThenAwake(const Prefix& prefix, uint64_t seed) : prefix_(prefix), seed_(seed) {}
  bool begin_execution() override { return true; }
  engine::Decision next_thread(const engine::SchedulingPoint& point) override {
    if (point.step > 0) {
      asleep_ = engine::still_asleep(asleep_, point.pending, point.trace->steps[point.step - 1]);
    }
    if (point.step < prefix_.size()) {
      const engine::ThreadId t = prefix_[point.step];
      asleep_ |= point.unfinished & ((uint64_t{1} << t) - 1);
      return point.is_enabled(t) ? engine::Decision::run(t) : engine::Decision::stop();
    }
    const uint64_t awake = point.enabled & ~asleep_;
    if (awake == 0) return engine::Decision::abandon();
    if (seed_ == 0) return engine::Decision::run(std::countr_zero(awake));
    seed_ = seed_ * 6364136223846793005u + 1442695040888963407u;  // an LCG: any order will do
    uint64_t m = awake;
    for (int skip = static_cast<int>((seed_ >> 33) % std::popcount(awake)); skip > 0; --skip) {
      m &= m - 1;
    }
    return engine::Decision::run(std::countr_zero(m));
  }
  void end_execution(const engine::ExecutionResult&) override {}

 private:
  const Prefix& prefix_;
  uint64_t seed_;
  uint64_t asleep_ = 0;
};

// Whether some execution of a class `prefix` owns is found in a few tries (one lowest-first,
// then random orders): false says only that none was found.
bool owns_something(engine::Engine& engine, engine::Program& p, const Prefix& prefix) {
  constexpr uint64_t kTries = 4;
  for (uint64_t seed = 0; seed < kTries; ++seed) {
    PrefixThenAwake strategy(prefix, seed);
    const engine::ExecutionResult& r = engine.run(p, strategy);
    if (r.outcome != engine::Outcome::kAbandoned && r.outcome != engine::Outcome::kDivergence &&
        owns(r.trace.steps, prefix)) {
      return true;
    }
  }
  return false;
}

}  // namespace

std::vector<Prefix> split_prefixes(engine::Engine& engine, const specs::Target& target,
                                   const specs::TestProgram& program, size_t at_least,
                                   size_t max_length) {
  std::vector<int> results(program.results_size(), 0);
  engine::Program p = target.instantiate(program, &results);
  // Parts known to own classes are split further; the others are kept as they are (they may
  // own some: a part is dropped only when it provably owns none) and not counted.
  std::vector<Prefix> level{{}}, kept;
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
        if (owner_prefix(steps, longer.size()) != longer) continue;  // owns nothing
        if (owns_something(engine, p, longer)) {
          next.push_back(std::move(longer));
        } else {
          kept.push_back(std::move(longer));
        }
      }
    }
    level = std::move(next);
  }
  level.insert(level.end(), kept.begin(), kept.end());
  return level;
}

}  // namespace lineup::hunt
