#include "checker/shortcuts/witnesses.h"

#include <algorithm>

namespace lineup::checker {

void Witnesses::add(uint32_t outcome, const std::vector<int>& order) {
  // An order allows each call after the calls placed before it.
  before_.assign(calls_, 0);
  uint64_t done = 0;
  for (int c : order) {
    before_[static_cast<size_t>(c)] = done;
    done |= uint64_t{1} << c;
  }
  add(outcome, before_.data());
}

void Witnesses::add(uint32_t outcome, const uint64_t* before) {
  if (outcome >= kept_.size()) kept_.resize(outcome + 1);
  Kept& k = kept_[outcome];
  size_t at = k.count;  // where the replaced order is in k.recent (none while growing)
  if (k.count < kPerOutcome) {
    k.before.resize((k.count + 1) * calls_);
    k.next = k.count++;
  } else {
    at = static_cast<size_t>(std::find(k.recent, k.recent + k.count, k.next) - k.recent);
  }
  std::copy(before, before + calls_, &k.before[k.next * calls_]);
  to_front(k, k.next, at);
  k.next = (k.next + 1) % kPerOutcome;
}

void Witnesses::to_front(Kept& k, size_t slot, size_t at) {
  const size_t end = std::min(at, k.count - 1);
  for (size_t i = end; i > 0; --i) k.recent[i] = k.recent[i - 1];
  k.recent[0] = static_cast<uint8_t>(slot);
}

bool Witnesses::any_respects(uint32_t outcome, const uint64_t* precedes) {
  if (outcome >= kept_.size()) return false;
  Kept& k = kept_[outcome];
  // Consecutive executions of a search mostly differ late, so an order that fitted lately
  // usually fits again: the scan goes from the most recent.
  // Each order is tested whole, without early exits (which call breaks an order varies from
  // one relation to the next, so they would mispredict).
  // Two calls at a time (a pair of words per vector), then the odd one.
  using Pair = uint64_t __attribute__((vector_size(16)));
  const size_t pairs = calls_ / 2;
  for (size_t i = 0; i < k.count; ++i) {
    const size_t w = k.recent[i];
    const uint64_t* before = &k.before[w * calls_];
    Pair broken_pairs = {0, 0};
    for (size_t y = 0; y < 2 * pairs; y += 2) {
      Pair need, have;
      __builtin_memcpy(&need, precedes + y, sizeof need);
      __builtin_memcpy(&have, before + y, sizeof have);
      broken_pairs |= need & ~have;
    }
    uint64_t broken = broken_pairs[0] | broken_pairs[1];
    if (calls_ % 2 != 0) broken |= precedes[calls_ - 1] & ~before[calls_ - 1];
    if (broken == 0) {
      if (i > 0) to_front(k, w, i);
      return true;
    }
  }
  return false;
}

}  // namespace lineup::checker
