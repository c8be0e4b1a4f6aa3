#include "lineup/engine/happens_before.h"

#include <algorithm>

namespace lineup::engine {
namespace {

uint64_t mix(uint64_t h, uint64_t v) {
  h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
  return h * 0xff51afd7ed558ccdULL;
}

const StepList kNoSteps;

}  // namespace

Access Access::of(const Transition& t) {
  Access a;
  a.first = t.addr >> kGranuleShift;
  a.last = (t.addr + (t.size == 0 ? 1 : t.size) - 1) >> kGranuleShift;
  switch (t.kind) {
    case Kind::kFence:
      a.none = true;
      break;
    case Kind::kAwait:
      a.reads_everything = true;
      break;
    case Kind::kRead:
    case Kind::kReadLock:
    case Kind::kCondWake:
      break;
    default:
      a.writes = t.writes();
      a.rmw = t.kind == Kind::kRmw;
  }
  return a;
}

bool dependent(const Access& a, const Access& b) {
  if (a.none || b.none) return false;
  if (a.reads_everything || b.reads_everything) return a.writes || b.writes;
  if (!a.writes && !b.writes) return false;
  if (test_only_rmw_reads_commute && ((a.rmw && !b.writes) || (b.rmw && !a.writes))) return false;
  return a.first <= b.last && b.first <= a.last;
}

std::vector<Access> pending_accesses(const Transition* pending, int threads) {
  std::vector<Access> out(static_cast<size_t>(threads));
  for (int t = 0; t < threads; ++t) out[static_cast<size_t>(t)] = Access::of(pending[t]);
  return out;
}

uint64_t still_asleep(uint64_t asleep, const std::vector<Access>& pending, const Transition& step) {
  Access last = Access::of(step);
  uint64_t out = 0;
  for (uint64_t m = asleep; m != 0; m &= m - 1) {
    int u = __builtin_ctzll(m);
    if (!dependent(pending[static_cast<size_t>(u)], last)) out |= uint64_t{1} << u;
  }
  return out;
}

void HappensBefore::reset(int threads) {
  n_ = threads;
  thread_clocks_.assign(static_cast<size_t>(n_) * static_cast<size_t>(n_), 0);
  step_clocks_.clear();
  threads_of_step_.clear();
  accesses_of_step_.clear();
  std::fill(keys_.begin(), keys_.end(), 0);
  used_ = 0;
  all_writes_.assign(static_cast<size_t>(n_), 0);
  all_awaits_.assign(static_cast<size_t>(n_), 0);
  fingerprint_ = 0;
}

void HappensBefore::join(uint32_t* into, const std::vector<uint32_t>& from) const {
  for (int u = 0; u < n_; ++u) into[u] = std::max(into[u], from[static_cast<size_t>(u)]);
}

void HappensBefore::join_into(std::vector<uint32_t>& into, const uint32_t* from) const {
  for (int u = 0; u < n_; ++u) {
    into[static_cast<size_t>(u)] = std::max(into[static_cast<size_t>(u)], from[u]);
  }
}

namespace {

size_t probe_start(uintptr_t key, size_t mask) {
  return static_cast<size_t>((key * 0x9e3779b97f4a7c15ULL) >> 20) & mask;
}

}  // namespace

const HappensBefore::Location* HappensBefore::find(uintptr_t granule) const {
  size_t mask = keys_.size() - 1;
  for (size_t i = probe_start(granule + 1, mask);; i = (i + 1) & mask) {
    if (keys_[i] == 0) return nullptr;
    if (keys_[i] == granule + 1) return &pool_[slots_[i]];
  }
}

void HappensBefore::grow() {
  std::vector<uintptr_t> old_keys(keys_.size() * 2, 0);
  std::vector<uint32_t> old_slots(slots_.size() * 2, 0);
  old_keys.swap(keys_);
  old_slots.swap(slots_);
  size_t mask = keys_.size() - 1;
  for (size_t j = 0; j < old_keys.size(); ++j) {
    if (old_keys[j] == 0) continue;
    size_t i = probe_start(old_keys[j], mask);
    while (keys_[i] != 0) i = (i + 1) & mask;
    keys_[i] = old_keys[j];
    slots_[i] = old_slots[j];
  }
}

HappensBefore::Location& HappensBefore::location(uintptr_t granule) {
  if (2 * (used_ + 1) > keys_.size()) grow();
  size_t mask = keys_.size() - 1;
  size_t i = probe_start(granule + 1, mask);
  for (; keys_[i] != 0; i = (i + 1) & mask) {
    if (keys_[i] == granule + 1) return pool_[slots_[i]];
  }
  if (used_ == pool_.size()) pool_.emplace_back();
  Location& l = pool_[used_];
  l.last_write.assign(static_cast<size_t>(n_), 0);
  l.reads.assign(static_cast<size_t>(n_), 0);
  l.steps.clear();
  l.writes.clear();
  keys_[i] = granule + 1;
  slots_[i] = static_cast<uint32_t>(used_++);
  return l;
}

const StepList& HappensBefore::accesses(uintptr_t granule) const {
  const Location* l = find(granule);
  return l == nullptr ? kNoSteps : l->steps;
}

const StepList& HappensBefore::writes_to(uintptr_t granule) const {
  const Location* l = find(granule);
  return l == nullptr ? kNoSteps : l->writes;
}

void HappensBefore::add(const Transition& t) {
  const auto index = static_cast<uint32_t>(threads_of_step_.size());
  Access a = Access::of(t);
  uint32_t* c = &thread_clocks_[static_cast<size_t>(t.thread) * static_cast<size_t>(n_)];
  ++c[t.thread];
  if (a.reads_everything) {
    join(c, all_writes_);
  } else if (!a.none) {
    if (a.writes) join(c, all_awaits_);
    for (uintptr_t g = a.first; g <= a.last; ++g) {
      Location& l = location(g);
      join(c, l.last_write);
      if (a.writes) join(c, l.reads);
    }
    for (uintptr_t g = a.first; g <= a.last; ++g) {
      Location& l = location(g);
      if (a.writes) {
        l.last_write.assign(c, c + n_);
        std::fill(l.reads.begin(), l.reads.end(), 0);
      } else {
        join_into(l.reads, c);
      }
      l.steps.push(index, t.thread);
      if (a.writes) l.writes.push(index, t.thread);
    }
  }
  if (a.writes) join_into(all_writes_, c);
  if (a.reads_everything) join_into(all_awaits_, c);
  step_clocks_.insert(step_clocks_.end(), c, c + n_);
  threads_of_step_.push_back(t.thread);
  accesses_of_step_.push_back(a);
  // Order-independent: the sum over steps of a hash of (thread, position in thread, what,
  // where, clock). Equivalent executions have the same steps with the same clocks.
  uint64_t h = mix(mix(mix(0, static_cast<uint64_t>(t.thread)), c[t.thread]),
                   static_cast<uint64_t>(a.writes) | (static_cast<uint64_t>(a.first) << 1));
  for (int u = 0; u < n_; ++u) h = mix(h, c[u]);
  fingerprint_ += h;
}

}  // namespace lineup::engine
