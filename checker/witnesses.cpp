#include "checker/witnesses.h"

namespace lineup::checker {

void Witnesses::add(uint32_t outcome, const std::vector<int>& order) {
  if (outcome >= kept_.size()) kept_.resize(outcome + 1);
  Kept& k = kept_[outcome];
  if (k.count < kPerOutcome) {
    k.before.resize((k.count + 1) * calls_);
    k.next = k.count++;
  }
  uint64_t* before = &k.before[k.next * calls_];
  uint64_t done = 0;
  for (int c : order) {
    before[c] = done;
    done |= uint64_t{1} << c;
  }
  k.next = (k.next + 1) % kPerOutcome;
}

bool Witnesses::any_respects(uint32_t outcome, const uint64_t* precedes) {
  if (outcome >= kept_.size()) return false;
  Kept& k = kept_[outcome];
  // Consecutive executions of a search mostly differ late, so the order that fitted last
  // usually fits again: the scan starts there.
  for (size_t i = 0; i < k.count; ++i) {
    const size_t w = (k.last_fit + i) % k.count;
    const uint64_t* before = &k.before[w * calls_];
    size_t y = 0;
    while (y < calls_ && (precedes[y] & ~before[y]) == 0) ++y;
    if (y == calls_) {
      k.last_fit = w;
      return true;
    }
  }
  return false;
}

}  // namespace lineup::checker
