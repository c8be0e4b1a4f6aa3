#include "engine/strategy/replay.h"

#include "engine/diagnostics/symbolizer.h"

namespace lineup::engine {
namespace {

std::string describe(ThreadId thread, Kind kind, uintptr_t pc) {
  std::string s = "T" + std::to_string(thread) + " " + to_string(kind);
  if (pc != 0) s += " at " + symbolizer().describe(pc);
  return s;
}

}  // namespace

std::vector<ExpectedStep> expected_steps(const Trace& trace) {
  std::vector<ExpectedStep> out;
  out.reserve(trace.steps.size());
  for (const Transition& t : trace.steps) {
    // A CAS is scheduled as an rmw whatever its outcome; compare what was pending.
    Kind kind = t.has(kCas) ? Kind::kRmw : t.kind;
    out.push_back({t.thread, kind, Symbolizer::module_offset(t.pc)});
  }
  return out;
}

ReplayStrategy::ReplayStrategy(Schedule schedule, std::vector<ExpectedStep> expected)
    : schedule_(std::move(schedule)), expected_(std::move(expected)) {}

bool ReplayStrategy::begin_execution() {
  if (started_) return false;
  started_ = true;
  return true;
}

Decision ReplayStrategy::diverge(std::string reason) {
  reason_ = std::move(reason);
  return Decision::stop();
}

Decision ReplayStrategy::next_thread(const SchedulingPoint& point) {
  size_t i = point.step;
  std::string at = "step " + std::to_string(i) + ": ";
  if (i >= schedule_.choices.size()) {
    return diverge(at + "the schedule has ended but threads can still run");
  }
  ThreadId t = schedule_.choices[i];
  bool checked = i < expected_.size();
  std::string want = checked ? describe(t, expected_[i].kind, 0) : "T" + std::to_string(t);
  if (t < 0 || t >= point.thread_count || !((point.unfinished >> t) & 1)) {
    return diverge(at + "expected " + want + ", but T" + std::to_string(t) + " has finished");
  }
  const Transition& got = point.pending[t];
  if (checked) {
    const ExpectedStep& e = expected_[i];
    uintptr_t got_offset = Symbolizer::module_offset(got.pc);
    bool same_pc = e.pc_offset == 0 || got_offset == e.pc_offset;
    if (e.kind != got.kind || !same_pc) {
      uintptr_t base = got.pc - got_offset;
      return diverge(at + "expected " + describe(t, e.kind, e.pc_offset ? base + e.pc_offset : 0) +
                     ", got " + describe(t, got.kind, got.pc));
    }
  }
  if (!point.is_enabled(t)) {
    return diverge(at + "expected " + want + ", but T" + std::to_string(t) + " is blocked");
  }
  return Decision::run(t);
}

uint32_t ReplayStrategy::choose(const Choice& choice) {
  if (next_choice_ >= schedule_.stale.size()) return choice.latest();
  uint32_t stale = schedule_.stale[next_choice_++];
  if (stale < choice.options) return choice.latest() - stale;
  if (reason_.empty()) {
    reason_ = "step " + std::to_string(choice.step) + ": the schedule reads " +
              std::to_string(stale) + " stores back, but only " + std::to_string(choice.options) +
              " are readable";
  }
  return choice.latest();
}

void ReplayStrategy::end_execution(const ExecutionResult& result) {
  if (result.ok() && result.schedule.choices.size() < schedule_.choices.size()) {
    reason_ = "the execution ended after " + std::to_string(result.schedule.choices.size()) +
              " of " + std::to_string(schedule_.choices.size()) + " scheduled steps";
  }
}

}  // namespace lineup::engine
