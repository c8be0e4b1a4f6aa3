#include "lineup/hunt/schedule_memo.h"

#include <bit>

namespace lineup::hunt {

ScheduleMemo::ScheduleMemo(int threads)
    : bits_(threads <= 1 ? 1 : std::bit_width(static_cast<unsigned>(threads - 1))),
      max_choices_(static_cast<size_t>(120 / bits_)) {}

std::optional<ScheduleMemo::Key> ScheduleMemo::key(const engine::Schedule& schedule) const {
  const std::vector<engine::ThreadId>& choices = schedule.choices;
  if (!schedule.stale.empty() || choices.size() > max_choices_) return std::nullopt;
  // Shifted in from the last choice, so that choice i ends at bit i * bits_ of the 128.
  const auto b = static_cast<unsigned>(bits_);
  uint64_t low = 0, high = 0, any = 0;
  if (choices.size() * b <= 56) {
    // The common case, every choice in the low word: one shift a choice.
    for (size_t i = choices.size(); i-- > 0;) {
      const auto v = static_cast<uint64_t>(static_cast<uint32_t>(choices[i]));
      any |= v;
      low = (low << b) | v;
    }
  } else {
    // bits_ is between 1 and 7, so neither shift reaches 64.
    for (size_t i = choices.size(); i-- > 0;) {
      const auto v = static_cast<uint64_t>(static_cast<uint32_t>(choices[i]));
      any |= v;
      high = (high << b) | (low >> (64 - b));
      low = (low << b) | v;
    }
  }
  if ((any >> b) != 0) return std::nullopt;  // a choice that is not a thread of the program
  return Key{low, high | (static_cast<uint64_t>(choices.size()) << 56)};
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

}  // namespace lineup::hunt
