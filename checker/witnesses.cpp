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

bool Witnesses::any_respects(uint32_t outcome, const uint64_t* precedes) const {
  if (outcome >= kept_.size()) return false;
  const Kept& k = kept_[outcome];
  for (size_t w = 0; w < k.count; ++w) {
    const uint64_t* before = &k.before[w * calls_];
    uint64_t outside = 0;
    for (size_t y = 0; y < calls_; ++y) outside |= precedes[y] & ~before[y];
    if (outside == 0) return true;
  }
  return false;
}

}  // namespace lineup::checker
