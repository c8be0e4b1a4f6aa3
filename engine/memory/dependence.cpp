#include "engine/memory/dependence.h"

#include "engine/waiting/spin_window.h"

namespace lineup::engine {

bool dependent(const Access& a, const Access& b) {
  if (a.none || b.none) return false;
  if (a.reads_everything || b.reads_everything) return a.writes || b.writes;
  if (!a.writes && !b.writes) return false;
  return a.first <= b.last && b.first <= a.last;
}

Access pending_access(const Transition& t) {
  Access a = Access::of(t);
  if (t.has(kCas) && a.writes && t.size <= 8 && SpinWindow::load(t.addr, t.size) != t.expected) {
    a.writes = false;
  }
  return a;
}

uint64_t still_asleep(uint64_t asleep, const Transition* pending, const Transition& step) {
  if (asleep == 0) return 0;
  Access last = Access::of(step);
  uint64_t out = 0;
  for (uint64_t m = asleep; m != 0; m &= m - 1) {
    int u = __builtin_ctzll(m);
    if (!dependent(pending_access(pending[u]), last)) out |= uint64_t{1} << u;
  }
  return out;
}

}  // namespace lineup::engine
