#include "engine/trace_folding.h"

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

}  // namespace lineup::engine
