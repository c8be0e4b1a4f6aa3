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
  // Each order is tested whole, without early exits (which call breaks an order varies from
  // one relation to the next, so they would mispredict).
  size_t w = k.last_fit;
  for (size_t i = 0; i < k.count; ++i) {
    const uint64_t* before = &k.before[w * calls_];
    uint64_t broken = 0;
    for (size_t y = 0; y < calls_; ++y) broken |= precedes[y] & ~before[y];
    if (broken == 0) {
      k.last_fit = w;
      return true;
    }
    if (++w == k.count) w = 0;
  }
  return false;
}

}  // namespace lineup::checker
