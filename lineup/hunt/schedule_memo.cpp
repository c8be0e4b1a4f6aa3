#include "lineup/hunt/schedule_memo.h"

#include <bit>

namespace lineup {

ScheduleMemo::ScheduleMemo(int threads)
    : bits_(threads <= 1 ? 1 : std::bit_width(static_cast<unsigned>(threads - 1))),
      max_choices_(static_cast<size_t>(120 / bits_)) {}

std::optional<ScheduleMemo::Key> ScheduleMemo::key(const engine::Schedule& schedule) const {
  const std::vector<engine::ThreadId>& choices = schedule.choices;
  if (!schedule.stale.empty() || choices.size() > max_choices_) return std::nullopt;
  Key k;
  const uint64_t limit = uint64_t{1} << bits_;
  if (choices.size() * static_cast<size_t>(bits_) <= 56) {
    // The common case, every choice in the low word: shifted in from the last one, so that
    // choice i ends at bit i * bits_, as below, with fewer instructions a choice.
    uint64_t any = 0;
    for (size_t i = choices.size(); i-- > 0;) {
      const auto v = static_cast<uint64_t>(static_cast<uint32_t>(choices[i]));
      any |= v;
      k.low = (k.low << bits_) | v;
    }
    if (any >= limit) return std::nullopt;  // not a thread of the program
    k.high = static_cast<uint64_t>(choices.size()) << 56;
    return k;
  }
  unsigned at = 0;  // bit position in low (0-63) or high (64-119)
  for (engine::ThreadId c : choices) {
    const auto v = static_cast<uint64_t>(c);
    if (v >= limit) return std::nullopt;  // not a thread of the program
    if (at < 64) {
      k.low |= v << at;
      // A choice that straddles the two words: its upper bits go to high.
      if (at + static_cast<unsigned>(bits_) > 64) k.high |= v >> (64 - at);
    } else {
      k.high |= v << (at - 64);
    }
    at += static_cast<unsigned>(bits_);
  }
  k.high |= static_cast<uint64_t>(choices.size()) << 56;
  return k;
}

size_t ScheduleMemo::start(const Key& key) const {
  const uint64_t h = (key.low * 0x9e3779b97f4a7c15ULL) ^ (key.high * 0xc2b2ae3d27d4eb4fULL);
  return static_cast<size_t>(h >> 20) & (slots_.size() - 1);
}

std::optional<uint64_t> ScheduleMemo::find(const Key& key) const {
  const size_t mask = slots_.size() - 1;
  for (size_t i = start(key); slots_[i].used; i = (i + 1) & mask) {
    if (slots_[i].key == key) return slots_[i].fingerprint;
  }
  return std::nullopt;
}

void ScheduleMemo::add(const Key& key, uint64_t fingerprint) {
  if (2 * (size_ + 1) > slots_.size()) grow();
  const size_t mask = slots_.size() - 1;
  size_t i = start(key);
  while (slots_[i].used) i = (i + 1) & mask;
  slots_[i] = Slot{key, fingerprint, true};
  ++size_;
}

void ScheduleMemo::grow() {
  std::vector<Slot> old(slots_.size() * 2);
  old.swap(slots_);
  size_ = 0;
  for (const Slot& s : old) {
    if (s.used) add(s.key, s.fingerprint);
  }
}

}  // namespace lineup
