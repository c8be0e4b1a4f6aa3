// A view of the weak memory model (weak_memory.h): per atomic location, the timestamp of the
// earliest store a thread may still read there, and per logical thread, a vector clock entry
// (happens-before, for data races). Joining two views takes the later of each entry, which is
// what synchronisation does: an acquire that reads a release store learns everything the
// storing thread knew.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

namespace lineup::engine {

struct View {
  std::vector<uint64_t> at;     // per location id: a timestamp (0: the first store)
  std::vector<uint32_t> clock;  // per logical thread: how many of its steps happen before

  uint64_t of(uint32_t location) const { return location < at.size() ? at[location] : 0; }
  uint32_t clock_of(int thread) const {
    return static_cast<size_t>(thread) < clock.size() ? clock[static_cast<size_t>(thread)] : 0;
  }
  void raise(uint32_t location, uint64_t ts) {
    if (location >= at.size()) at.resize(location + 1, 0);
    at[location] = std::max(at[location], ts);
  }
  void tick(int thread) {
    if (static_cast<size_t>(thread) >= clock.size()) clock.resize(static_cast<size_t>(thread) + 1);
    ++clock[static_cast<size_t>(thread)];
  }
  void join(const View& o) {
    if (o.at.size() > at.size()) at.resize(o.at.size(), 0);
    for (size_t i = 0; i < o.at.size(); ++i) at[i] = std::max(at[i], o.at[i]);
    if (o.clock.size() > clock.size()) clock.resize(o.clock.size(), 0);
    for (size_t i = 0; i < o.clock.size(); ++i) clock[i] = std::max(clock[i], o.clock[i]);
  }
  void clear() {
    at.clear();
    clock.clear();
  }
};

}  // namespace lineup::engine
