#include "lineup/engine/class_fingerprint.h"

#include <algorithm>

namespace lineup::engine {
namespace {

size_t probe_start(uintptr_t key, size_t mask) {
  return static_cast<size_t>((key * 0x9e3779b97f4a7c15ULL) >> 20) & mask;
}

}  // namespace

void ClassFingerprint::reset(int threads) {
  positions_.assign(static_cast<size_t>(std::max(threads, 0)), 0);
  if (filled_.size() * 8 < table_.size()) {
    for (uint32_t i : filled_) table_[i] = Slot{};
  } else {
    std::fill(table_.begin(), table_.end(), Slot{});
  }
  filled_.clear();
  value_ = 0;
}

void ClassFingerprint::grow() {
  std::vector<Slot> old(table_.size() * 2);
  old.swap(table_);
  const size_t mask = table_.size() - 1;
  filled_.clear();
  for (const Slot& o : old) {
    if (o.key == 0) continue;
    size_t i = probe_start(o.key, mask);
    while (table_[i].key != 0) i = (i + 1) & mask;
    table_[i] = o;
    filled_.push_back(static_cast<uint32_t>(i));
  }
}

ClassFingerprint::Slot& ClassFingerprint::slot(uintptr_t granule) {
  const uintptr_t key = granule + 1;
  if (2 * (filled_.size() + 1) > table_.size()) grow();
  const size_t mask = table_.size() - 1;
  size_t i = probe_start(key, mask);
  for (; table_[i].key != 0; i = (i + 1) & mask) {
    if (table_[i].key == key) return table_[i];
  }
  table_[i].key = key;
  filled_.push_back(static_cast<uint32_t>(i));
  return table_[i];
}

void ClassFingerprint::add(const Transition& t) {
  const Access a = Access::of(t);
  const auto thread = static_cast<size_t>(t.thread);
  if (thread >= positions_.size()) positions_.resize(thread + 1, 0);
  const uint32_t position = ++positions_[thread];
  uint64_t versions = 0;
  if (a.reads_everything) {
    for (uint32_t i : filled_) versions += granule_version(table_[i].key - 1, table_[i].writes);
  } else if (!a.none) {
    for (uintptr_t g = a.first; g <= a.last; ++g) {
      Slot& s = slot(g);
      versions += granule_version(g, s.writes);
      if (a.writes) ++s.writes;
    }
  }
  value_ += step_term(t.thread, position, a, versions);
}

}  // namespace lineup::engine
