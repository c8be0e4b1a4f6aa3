#include "engine/strategy/spin_enablers.h"

namespace lineup::engine {
namespace {

bool memory(const Transition& s) {
  return s.kind == Kind::kRead || s.kind == Kind::kWrite || s.kind == Kind::kRmw;
}

// What spin detection checks before letting a step run: only steps that read and write
// nothing (SpinWindow::repeats is asked for those alone): reads, failed compare-exchanges and
// read-modify-writes that left memory as it was (step_parts::rmw_leaves).
bool reads_only(const Transition& s) {
  if (s.kind == Kind::kRead || (s.has(kCas) && s.has(kFailed))) return true;
  return s.kind == Kind::kRmw && !s.has(kCas) && s.size <= 8 && s.has(kValueKnown) &&
         s.value == s.old_value;
}

bool changes_memory(const Transition& s) {
  return (s.kind == Kind::kWrite || s.kind == Kind::kRmw) && !s.has(kFailed);
}

bool same_round_step(const Transition& a, const Transition& b) {
  return a.pc == b.pc && a.addr == b.addr && a.size == b.size && a.kind == b.kind &&
         a.value == b.value && a.old_value == b.old_value;
}

bool overlap(const Transition& a, const Transition& b) {
  return a.addr < b.addr + b.size && b.addr < a.addr + a.size;
}

}  // namespace

void SpinEnablers::compute(const Trace& trace, int threads) {
  const std::vector<Transition>& steps = trace.steps;
  start_.assign(steps.size() + 1, 0);
  list_.clear();
  own_.assign(static_cast<size_t>(threads), {});
  for (size_t x = 0; x < steps.size(); ++x) {
    start_[x] = static_cast<uint32_t>(list_.size());
    const Transition& s = steps[x];
    std::vector<uint32_t>& own = own_[static_cast<size_t>(s.thread)];
    // The window of spin detection is cleared at call boundaries and by other kinds of step.
    if (!memory(s) || (!own.empty() && steps[own.back()].call != s.call)) own.clear();
    if (!memory(s)) continue;
    if (reads_only(s)) {
      // The last round starts at the previous run of this instruction on this location.
      size_t q = own.size();
      while (q-- > 0 && !(steps[own[q]].pc == s.pc && steps[own[q]].addr == s.addr)) {
      }
      const size_t len = q < own.size() ? own.size() - q : 0;
      bool repeats = len != 0 && q >= len;
      for (size_t m = 0; repeats && m < len; ++m) {
        repeats = same_round_step(steps[own[q - len + m]], steps[own[q + m]]);
      }
      if (repeats) {
        for (size_t k = own[q] + 1; k < x; ++k) {
          const Transition& w = steps[k];
          if (w.thread == s.thread || !changes_memory(w)) continue;
          for (size_t m = q; m < own.size() && own[m] < k; ++m) {
            if (overlap(steps[own[m]], w)) {
              list_.push_back(static_cast<uint32_t>(k));
              break;
            }
          }
        }
      }
    }
    own.push_back(static_cast<uint32_t>(x));
  }
  start_[steps.size()] = static_cast<uint32_t>(list_.size());
}

}  // namespace lineup::engine
