#include "engine/memory/happens_before.h"

#include <algorithm>
#include <stdexcept>

#include "engine/memory/class_fingerprint.h"
#include "engine/memory/granule_table.h"

namespace lineup::engine {

void HappensBefore::reset(int threads, Kept kept) {
  n_ = threads;
  kept_ = kept;
  width_ = (static_cast<size_t>(n_) + kBlockWords - 1) / kBlockWords * kBlockWords;
  if (width_ == 0) width_ = kBlockWords;
  thread_clocks_.assign(static_cast<size_t>(n_) * width_, 0);
  threads_of_step_.clear();
  accesses_of_step_.clear();
  location_of_step_.clear();
  if (filled_.size() * 8 < table_.size()) {
    for (uint32_t i : filled_) table_[i].key = 0;
  } else {
    std::fill(table_.begin(), table_.end(), Slot{});
  }
  filled_.clear();
  cached_key_ = 0;
  used_ = 0;
  all_writes_.assign(width_, 0);
  all_awaits_.assign(width_, 0);
  joins_stale_ = any_await_ = false;
  fingerprint_ = 0;
  fingerprints_.clear();
}

size_t HappensBefore::common_prefix(const Trace& trace) const {
  const size_t n = std::min(size(), trace.steps.size());
  for (size_t i = 0; i < n; ++i) {
    const Transition& t = trace.steps[i];
    if (t.thread != threads_of_step_[i] || !(Access::of(t) == accesses_of_step_[i])) return i;
  }
  return n;
}

size_t HappensBefore::keep_common_prefix(const Trace& trace, int threads, size_t limit) {
  const size_t from = threads == n_ ? std::min(limit, common_prefix(trace)) : size_t{0};
  if (from == 0) {
    reset(threads);
  } else {
    truncate(from);
  }
  return from;
}

void HappensBefore::truncate(size_t steps) {
  if (steps >= size()) return;
  if (steps == 0) {
    reset(n_, kept_);
    return;
  }
  if (kept_ != Kept::kAll) {
    throw std::logic_error("a relation that keeps only its clocks cannot drop some steps");
  }
  // The locations the dropped steps touched lose their entries, and their clocks are
  // rebuilt from what is left; no other location changes.
  ++truncations_;
  auto restore = [&](Location& l) {
    if (l.restored == truncations_) return;
    l.restored = truncations_;
    l.steps.truncate(static_cast<uint32_t>(steps));
    l.writes.truncate(static_cast<uint32_t>(steps));
    restore_clocks(l);
  };
  for (size_t i = steps; i < size(); ++i) {
    const Access& a = accesses_of_step_[i];
    if (a.none || a.reads_everything) continue;
    Location& first = pool_[location_of_step_[i]];
    restore(first);
    // A location still a pair stands for both granules of a two-granule step.
    if (first.pair && a.last == a.first + 1) continue;
    for (uintptr_t g = a.first + 1; g <= a.last; ++g) restore(location(g));
  }
  // A thread's clock is the clock of its last step.
  std::fill(thread_clocks_.begin(), thread_clocks_.end(), 0);
  const uint64_t all = n_ >= 64 ? ~uint64_t{0} : (uint64_t{1} << n_) - 1;
  uint64_t found = 0;
  for (size_t i = steps; i-- > 0 && found != all;) {
    const ThreadId t = threads_of_step_[i];
    if ((found >> t) & 1) continue;
    found |= uint64_t{1} << t;
    copy(clock(i), &thread_clocks_[static_cast<size_t>(t) * width_]);
  }
  threads_of_step_.resize(steps);
  accesses_of_step_.resize(steps);
  location_of_step_.resize(steps);
  fingerprints_.resize(steps);
  fingerprint_ = fingerprints_.back();
  cached_key_ = 0;
  // The joins for kAwait steps matter only once one is added: with none so far they are
  // rebuilt when the first comes.
  if (any_await_) {
    refresh_joins();
  } else {
    joins_stale_ = true;
  }
}

void HappensBefore::restore_clocks(Location& l) {
  l.written = static_cast<uint32_t>(l.writes.size());
  uint32_t* write = last_write(l);
  uint32_t* read = reads(l);
  clear(read);
  if (l.writes.size() == 0) {
    clear(write);
  } else {
    copy(clock(l.writes.step(l.writes.size() - 1)), write);
  }
  const size_t after = l.writes.size() == 0 ? 0 : l.writes.step(l.writes.size() - 1) + size_t{1};
  for (size_t x = l.steps.size(); x-- > 0 && l.steps.step(x) >= after;) {
    join(read, clock(l.steps.step(x)));
  }
}

void HappensBefore::refresh_joins() {
  std::fill(all_writes_.begin(), all_writes_.end(), 0);
  std::fill(all_awaits_.begin(), all_awaits_.end(), 0);
  any_await_ = false;
  for (size_t i = 0; i < size(); ++i) {
    if (accesses_of_step_[i].writes) join(all_writes_.data(), clock(i));
    if (accesses_of_step_[i].reads_everything) {
      join(all_awaits_.data(), clock(i));
      any_await_ = true;
    }
  }
  joins_stale_ = false;
}

void HappensBefore::grow() { grow_granule_table(table_, filled_); }

HappensBefore::Location& HappensBefore::location_slow(uintptr_t granule) {
  const size_t mask = table_.size() - 1;
  for (size_t i = granule_probe_start(granule + 1, mask); table_[i].key != 0; i = (i + 1) & mask) {
    if (table_[i].key == granule + 1) {
      cached_key_ = granule + 1;
      cached_index_ = table_[i].index;
      return pool_[cached_index_];
    }
  }
  cached_index_ = new_location(granule, false);
  cached_key_ = granule + 1;
  return pool_[cached_index_];
}

uint32_t HappensBefore::allocate_location() {
  const auto index = static_cast<uint32_t>(used_++);
  if (index == pool_.size()) pool_.emplace_back();
  const size_t width = 2 * width_;
  pool_[index].clocks = static_cast<uint32_t>(index * width);
  if (location_clocks_.size() < pool_[index].clocks + width) {
    location_clocks_.resize(pool_[index].clocks + width);
  }
  return index;
}

uint32_t HappensBefore::new_location(uintptr_t granule, bool pair) {
  // At most half the slots filled, counting the one or two about to be.
  if (2 * (filled_.size() + 2) > table_.size()) grow();
  const uint32_t index = allocate_location();
  Location& l = pool_[index];
  clear(last_write(l));
  clear(reads(l));
  l.steps.clear();
  l.writes.clear();
  l.granule = granule;
  l.pair = pair;
  l.written = 0;
  const size_t mask = table_.size() - 1;
  for (uintptr_t g = granule; g <= granule + (pair ? 1 : 0); ++g) {
    size_t i = granule_probe_start(g + 1, mask);
    while (table_[i].key != 0) i = (i + 1) & mask;
    table_[i] = {g + 1, index};
    filled_.push_back(static_cast<uint32_t>(i));
  }
  return index;
}

uint32_t HappensBefore::split(uint32_t index, uintptr_t granule) {
  const uintptr_t high = pool_[index].granule + 1;
  const size_t mask = table_.size() - 1;
  size_t slot = granule_probe_start(high + 1, mask);
  while (table_[slot].key != high + 1) slot = (slot + 1) & mask;
  // The high granule's own location starts as a copy of the pair's: until now every step
  // that touched it touched the low one too.
  const uint32_t copy_index = allocate_location();
  Location& low = pool_[index];
  Location& high_location = pool_[copy_index];
  copy(last_write(low), last_write(high_location));
  copy(reads(low), reads(high_location));
  high_location.steps = low.steps;
  high_location.writes = low.writes;
  high_location.granule = high;
  high_location.restored = low.restored;
  high_location.written = low.written;
  high_location.pair = low.pair = false;
  table_[slot].index = copy_index;
  cached_key_ = 0;
  return granule == high ? copy_index : index;
}

void HappensBefore::locate(const Access& a) {
  granule_pools_.clear();
  if (a.none || a.reads_everything) return;
  if (a.last == a.first + 1 && find(a.last) == nullptr && find(a.first) == nullptr) {
    granule_pools_.push_back(new_location(a.first, true));
    return;
  }
  // Last granule first: race detection has just asked for it, so it is the cached one.
  for (uintptr_t g = a.last + 1; g-- > a.first;) {
    auto index = static_cast<uint32_t>(&location(g) - pool_.data());
    const Location& l = pool_[index];
    if (l.pair) {
      if (l.granule < a.first || l.granule + 1 > a.last) {
        index = split(index, g);
      } else if (g == l.granule + 1) {
        --g;  // the low granule is this same location
      }
    }
    granule_pools_.push_back(index);
  }
}

void HappensBefore::add(const Transition& t, const Access& a) {
  const auto index = static_cast<uint32_t>(threads_of_step_.size());
  const size_t at = static_cast<size_t>(index) * width_;
  if (at + width_ > step_clocks_.size()) step_clocks_.resize(2 * (at + width_));
  uint32_t* own = &step_clocks_[at];
  uint32_t* c = &thread_clocks_[static_cast<size_t>(t.thread) * width_];
  if (a.reads_everything) {
    if (joins_stale_) refresh_joins();
    any_await_ = true;
  }
  // The locations the step is ordered after and recorded at; none for fences and kAwait
  // steps. Pool indices: creating a location may move the others.
  locate(a);
  // Each block of the clock is counted up, joined with what the step is ordered after and
  // stored in one go, kept in a register in between (through memory, each join would wait
  // for the store of the one before).
  const bool after_awaits = a.writes && any_await_;
  const size_t own_block = static_cast<size_t>(t.thread) / kBlockWords * kBlockWords;
  for (size_t k = 0; k < width_; k += kBlockWords) {
    Block x = load(c + k);
    if (k == own_block) x += unit(t.thread);
    if (a.reads_everything) x = max(x, load(&all_writes_[k]));
    if (after_awaits) x = max(x, load(&all_awaits_[k]));
    for (const uint32_t i : granule_pools_) {
      const Location& l = pool_[i];
      x = max(x, load(last_write(l) + k));
      if (a.writes) x = max(x, load(reads(l) + k));
    }
    for (const uint32_t i : granule_pools_) {
      const Location& l = pool_[i];
      if (a.writes) {
        store(last_write(l) + k, x);
        store(reads(l) + k, Block{});
      } else {
        store(reads(l) + k, max(load(reads(l) + k), x));
      }
    }
    store(c + k, x);
    store(own + k, x);
  }
  // The join of the writes is needed only once a kAwait step comes: until then it is left
  // stale, and the first one rebuilds it from the steps.
  if (a.writes) {
    if (any_await_) {
      join(all_writes_.data(), c);
    } else {
      joins_stale_ = true;
    }
  }
  if (a.reads_everything) join(all_awaits_.data(), c);
  threads_of_step_.push_back(t.thread);
  accesses_of_step_.push_back(a);
  if (kept_ == Kept::kClocks) return;
  if (kept_ == Kept::kAll) {
    for (const uint32_t i : granule_pools_) {
      Location& l = pool_[i];
      if (a.writes) l.writes.push(index, t.thread);
      l.steps.push(index, t.thread);
    }
    location_of_step_.push_back(granule_pools_.empty() ? 0 : granule_pools_.back());
  }
  // The class fingerprint's term (class_fingerprint.h): the granules' write counts before
  // this step, or for a kAwait step those of every granule written so far.
  auto versions_at = [&](const Location& l) {
    const uint64_t one = granule_version(l.granule, l.written);
    return l.pair ? one + granule_version(l.granule + 1, l.written) : one;
  };
  uint64_t versions = 0;
  if (a.reads_everything) {
    for (size_t i = 0; i < used_; ++i) versions += versions_at(pool_[i]);
  }
  for (const uint32_t i : granule_pools_) {
    versions += versions_at(pool_[i]);
    if (a.writes) ++pool_[i].written;
  }
  fingerprint_ += step_term(t.thread, c[t.thread], a, versions);
  if (kept_ == Kept::kAll) fingerprints_.push_back(fingerprint_);
}

}  // namespace lineup::engine
