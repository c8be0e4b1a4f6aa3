// The class fingerprints of schedules already run, within one program. The engine is
// deterministic: one schedule of one program always gives the same execution (replay relies
// on it), hence the same class. Random strategies repeat schedules often (a 3x3 program of
// lock-based calls, random atomics-only: about 1,700 distinct schedules in 20,000
// executions), and looking a schedule up costs far less than computing the class from the
// trace.
//
// Keys are exact, not hashes: a schedule of n choices among T threads is packed b bits a
// choice (b the width of T - 1) into 120 bits, with n in the top 8 of the 128. A schedule
// that does not fit, or has memory-model choices (c11 mode), is never remembered.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "engine/schedule.h"

namespace lineup::hunt {

class ScheduleMemo {
 public:
  /// A memo for schedules of a program with `threads` threads.
  explicit ScheduleMemo(int threads);

  /// The exact key of `schedule`, or none when it cannot have one (see above).
  struct Key {
    uint64_t low = 0, high = 0;
    bool operator==(const Key&) const = default;
  };
  std::optional<Key> key(const engine::Schedule& schedule) const;
  /// The fingerprint remembered for `key`, if any.
  std::optional<uint64_t> find(const Key& key) const;
  /// Remembers `fingerprint` for `key` (not yet remembered).
  void add(const Key& key, uint64_t fingerprint);
  /// Schedules remembered.
  size_t size() const { return size_; }

 private:
  struct Slot {
    Key key;
    uint64_t fingerprint = 0;
    bool used = false;
  };
  size_t start(const Key& key) const;
  void grow();

  int bits_;            // per choice
  size_t max_choices_;  // that fit in 120 bits
  std::vector<Slot> slots_ = std::vector<Slot>(1024);
  size_t size_ = 0;
};

}  // namespace lineup::hunt
