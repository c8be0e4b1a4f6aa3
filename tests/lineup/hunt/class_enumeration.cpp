#include "class_enumeration.h"

#include <bit>
#include <set>
#include <stdexcept>
#include <utility>
#include <vector>

namespace lineup::hunt::testing {
namespace {

using engine::Kind;
using engine::ThreadId;
using engine::Transition;

bool writes(const Transition& t) {
  switch (t.kind) {
    case Kind::kWrite:
    case Kind::kRmw:
    case Kind::kLock:
    case Kind::kUnlock:
    case Kind::kTryLock:
    case Kind::kCondWait:
    case Kind::kCondSignal:
      return true;
    default:
      return false;
  }
}

bool dependent(const Transition& a, const Transition& b) {
  if (a.thread == b.thread) return true;
  if (a.kind == Kind::kFence || b.kind == Kind::kFence) return false;
  if (a.kind == Kind::kAwait || b.kind == Kind::kAwait) return writes(a) || writes(b);
  if (!writes(a) && !writes(b)) return false;
  auto first = [](const Transition& t) { return t.addr >> 2; };
  auto last = [](const Transition& t) { return (t.addr + (t.size == 0 ? 1 : t.size) - 1) >> 2; };
  return first(a) <= last(b) && first(b) <= last(a);
}

// The least linearization of the first `n` steps of `steps` (their threads): at each point,
// of the steps whose dependent predecessors have all been placed, the one of the lowest thread.
std::vector<ThreadId> least_linearization(const std::vector<Transition>& steps, size_t n) {
  std::vector<std::vector<size_t>> successors(n);
  std::vector<int> waiting(n, 0);
  for (size_t j = 0; j < n; ++j) {
    for (size_t i = 0; i < j; ++i) {
      if (dependent(steps[i], steps[j])) {
        successors[i].push_back(j);
        ++waiting[j];
      }
    }
  }
  std::set<std::pair<ThreadId, size_t>> ready;
  for (size_t j = 0; j < n; ++j) {
    if (waiting[j] == 0) ready.insert({steps[j].thread, j});
  }
  std::vector<ThreadId> out;
  while (!ready.empty()) {
    const auto [thread, i] = *ready.begin();
    ready.erase(ready.begin());
    out.push_back(thread);
    for (size_t j : successors[i]) {
      if (--waiting[j] == 0) ready.insert({steps[j].thread, j});
    }
  }
  return out;
}

// Replays a prefix, then runs the lowest enabled thread to the end; remembers which threads
// could run right after the prefix.
class PrefixThenLowest final : public engine::Strategy {
 public:
  explicit PrefixThenLowest(std::vector<ThreadId> prefix) : prefix_(std::move(prefix)) {}
  bool begin_execution() override { return true; }
  engine::Decision next_thread(const engine::SchedulingPoint& point) override {
    if (point.step < prefix_.size()) {
      const ThreadId t = prefix_[point.step];
      return point.is_enabled(t) ? engine::Decision::run(t) : engine::Decision::stop();
    }
    if (point.step == prefix_.size()) after_prefix_ = point.enabled;
    return engine::Decision::run(std::countr_zero(point.enabled));
  }
  void end_execution(const engine::ExecutionResult&) override {}
  uint64_t after_prefix() const { return after_prefix_; }

 private:
  std::vector<ThreadId> prefix_;
  uint64_t after_prefix_ = 0;
};

}  // namespace

EnumeratedClasses enumerate_classes(engine::Engine& engine, const specs::Target& target,
                                    const specs::TestProgram& program) {
  std::vector<int> results(program.results_size(), 0);
  engine::Program p = target.instantiate(program, &results);
  std::set<std::vector<ThreadId>> walked, complete;
  std::vector<std::vector<ThreadId>> todo{{}};
  while (!todo.empty()) {
    std::vector<ThreadId> prefix = std::move(todo.back());
    todo.pop_back();
    PrefixThenLowest strategy(prefix);
    const engine::ExecutionResult& r = engine.run(p, strategy);
    if (r.trace.steps.size() < prefix.size() || r.outcome == engine::Outcome::kDivergence) {
      throw std::runtime_error("a prefix did not replay: " + r.message);
    }
    if (!walked.insert(least_linearization(r.trace.steps, prefix.size())).second) continue;
    if (r.trace.steps.size() == prefix.size()) {
      complete.insert(least_linearization(r.trace.steps, prefix.size()));
      continue;
    }
    for (uint64_t m = strategy.after_prefix(); m != 0; m &= m - 1) {
      std::vector<ThreadId> next = prefix;
      next.push_back(std::countr_zero(m));
      todo.push_back(std::move(next));
    }
  }
  return {complete.size(), walked.size()};
}

}  // namespace lineup::hunt::testing
