#include "engine/threads/thread_local_copies.h"

#include <algorithm>
#include <cstring>

namespace lineup::engine {

void ThreadLocalCopies::set_layout(const std::vector<TlsBlock>& blocks, int contexts) {
  runs_.clear();
  contexts_ = contexts;
  saved_in_.assign(static_cast<size_t>(contexts), 0);
  if (blocks.empty()) {
    low_ = 0;
    initial_.clear();
    tracked_.clear();
    return;
  }
  low_ = blocks.front().start;
  uintptr_t high = low_;
  for (const TlsBlock& b : blocks) high = std::max(high, b.start + b.size);
  size_t span = high - low_;
  initial_.assign(span, 0);
  for (const TlsBlock& b : blocks) {
    std::memcpy(initial_.data() + (b.start - low_), b.image, b.image_size);
  }
  outside_.assign(span, 0);
  tracked_.assign(span, 0);
  copies_.clear();
}

void ThreadLocalCopies::exclude(uintptr_t addr, size_t size) {
  for (size_t i = 0; i < size; ++i) {
    uintptr_t a = addr + i;
    if (a - low_ >= tracked_.size()) continue;
    tracked_[a - low_] = 2;
  }
  rebuild_runs();
}

void ThreadLocalCopies::rebuild_runs() {
  runs_.clear();
  for (size_t off = 0; off < tracked_.size(); ++off) {
    if (tracked_[off] != 1) continue;
    if (!runs_.empty() && runs_.back().offset + runs_.back().size == off) {
      ++runs_.back().size;
    } else {
      runs_.push_back({off, 1});
    }
  }
}

// Only the live bytes are reset here: a context's copy is reset when it is first switched in
// during the execution (swap_runs), so an execution pays for the contexts it uses, not for all.
void ThreadLocalCopies::begin_execution() {
  ++execution_;
  // With blocks, the main context's is the live one, reset here.
  if (blocks_ != nullptr && !saved_in_.empty()) saved_in_.back() = execution_;
  for (const Run& r : runs_) {
    std::memcpy(outside_.data() + r.offset, live(r.offset), r.size);
    std::memcpy(live(r.offset), initial_.data() + r.offset, r.size);
  }
}

void ThreadLocalCopies::end_execution() {
  for (const Run& r : runs_) std::memcpy(live(r.offset), outside_.data() + r.offset, r.size);
}

void ThreadLocalCopies::track(int current, uintptr_t addr, size_t size) {
  size_t off = addr - low_;
  if (copies_.empty() && blocks_ == nullptr) {
    copies_.assign(static_cast<size_t>(contexts_) * initial_.size(), 0);
  }
  size_t end = std::min(off + size, tracked_.size());
  for (size_t b = off; b < end; ++b) {
    if (tracked_[b] != 0) continue;
    tracked_[b] = 1;
    outside_[b] = *live(b);
    *live(b) = initial_[b];
    // Copies saved (blocks reset) in this execution hold their context's values; the byte
    // joins them with its initial value. The others are reset whole when switched in.
    for (int c = 0; c < contexts_; ++c) {
      if (blocks_ != nullptr && (c == current || saved_in_[c] == execution_)) {
        *block(c, b) = initial_[b];
      } else if (blocks_ == nullptr && c != current && saved_in_[c] == execution_) {
        *copy(c, b) = initial_[b];
      }
    }
  }
  rebuild_runs();
}

void ThreadLocalCopies::enter_block(int to) {
  if (saved_in_[to] == execution_) return;
  saved_in_[to] = execution_;
  for (const Run& r : runs_) std::memcpy(block(to, r.offset), initial_.data() + r.offset, r.size);
}

void ThreadLocalCopies::swap_runs(int from, int to) {
  saved_in_[from] = execution_;
  const uint8_t* in = saved_in_[to] == execution_ ? copy(to, 0) : initial_.data();
  for (const Run& r : runs_) {
    std::memcpy(copy(from, r.offset), live(r.offset), r.size);
    std::memcpy(live(r.offset), in + r.offset, r.size);
  }
}

}  // namespace lineup::engine
