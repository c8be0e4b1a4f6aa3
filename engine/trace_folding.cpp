#include "engine/trace_folding.h"

#include <algorithm>

#include "engine/diagnostics/symbolizer.h"

namespace lineup::engine {
namespace {

constexpr size_t kLongestPeriod = 8;
bool g_folding = true;

bool same_step(const Transition& a, const Transition& b) {
  return a.thread == b.thread && a.kind == b.kind && a.addr == b.addr && a.size == b.size &&
         a.pc == b.pc;
}

// The rounds of `period` steps repeated from `first` (1 when the first round itself is not of
// one thread), never hiding a step `shown` marks.
size_t rounds_at(const std::vector<Transition>& steps, const std::vector<bool>& shown, size_t first,
                 size_t period) {
  if (first + period > steps.size()) return 0;
  for (size_t k = 1; k < period; ++k) {
    if (steps[first + k].thread != steps[first].thread) return 1;
  }
  size_t rounds = 1;
  while (first + (rounds + 1) * period <= steps.size()) {
    const size_t start = first + rounds * period;
    bool repeats = true;
    for (size_t k = 0; k < period && repeats; ++k) {
      repeats = same_step(steps[start + k], steps[start + k - period]);
    }
    if (!repeats) break;
    ++rounds;
  }
  // The steps hidden, all but the first and last round, must show nothing of their own; the
  // run is cut back to before the first that does.
  for (size_t i = first + period; i + period < first + rounds * period; ++i) {
    if (shown[i]) return (i - first) / period + 1;
  }
  return rounds;
}

}  // namespace

std::vector<FoldedLoop> loops_to_fold(const std::vector<Transition>& steps,
                                      const std::vector<bool>& shown, size_t min_rounds) {
  std::vector<FoldedLoop> out;
  size_t i = 0;
  while (i < steps.size()) {
    FoldedLoop best;
    for (size_t period = 1; period <= kLongestPeriod; ++period) {
      const size_t rounds = rounds_at(steps, shown, i, period);
      if (rounds >= min_rounds && rounds * period > best.rounds * best.period) {
        best = {i, period, rounds};
      }
    }
    if (best.rounds == 0) {
      ++i;
      continue;
    }
    out.push_back(best);
    i = best.end();
  }
  return out;
}

bool trace_folding() { return g_folding; }
void set_trace_folding(bool on) { g_folding = on; }

std::vector<FoldedLoop> loops_to_fold(const Trace& trace) {
  if (!trace_folding()) return {};
  std::vector<bool> shown(trace.steps.size());
  for (const CallSpan& c : trace.calls) {
    if (c.first_step < shown.size()) shown[c.first_step] = true;
    if (c.completed && c.end_step > 0 && c.end_step <= shown.size()) shown[c.end_step - 1] = true;
  }
  for (const WeakNote& n : trace.weak) {
    if (n.step < shown.size()) shown[n.step] = true;
  }
  return loops_to_fold(trace.steps, shown);
}

std::string describe_loop(const FoldedLoop& loop, const std::vector<Transition>& steps) {
  std::vector<std::string> places;
  for (size_t k = 0; k < loop.period; ++k) {
    std::string place = symbolizer().describe(steps[loop.first + k].pc);
    if (std::find(places.begin(), places.end(), place) == places.end()) places.push_back(place);
  }
  std::string where;
  for (const std::string& p : places) where += (where.empty() ? "" : ", ") + p;
  const size_t hidden_first = loop.first + loop.period;
  const size_t hidden_last = loop.end() - loop.period - 1;
  return "steps " + std::to_string(hidden_first) + "-" + std::to_string(hidden_last) + ": T" +
         std::to_string(steps[loop.first].thread) + " repeats " + where + " (" +
         std::to_string(loop.period) + (loop.period == 1 ? " step" : " steps") + " a round, " +
         std::to_string(loop.rounds) + " rounds; first and last round shown)";
}

}  // namespace lineup::engine
