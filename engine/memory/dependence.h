// Dependency between steps, as happens-before, DPOR's races and sleep sets and the class
// fingerprint see it. Two steps are dependent when they are by the same thread, or touch the
// same location and at least one writes (a failed CAS only reads). Locations are 4-byte
// granules: accesses of different sizes to overlapping bytes always share one (so dependency
// is never missed), neighbouring int-sized fields do not (so they stay independent); smaller
// neighbours (two bools in one word) count as one location, which costs reduction but never
// soundness. Fences commute with everything (the engine runs atomics sequentially consistent).
#pragma once

#include <cstddef>
#include <cstdint>

#include "engine/transition.h"

namespace lineup::engine {

/// What dependency looks at in a transition.
struct Access {
  static constexpr int kGranuleShift = 2;
  uintptr_t first = 0, last = 0;  // granules touched (addr >> kGranuleShift), inclusive
  bool writes = false;
  bool reads_everything = false;  // kAwait: its predicate may read any location
  bool none = false;              // fences: independent of every other thread's steps

  /// Inline: asked for every step, several times (race scans, sleep sets, replayed prefixes).
  /// Read from a table by kind: a switch would be a branch the hunt mispredicts at nearly
  /// every step (the kinds of consecutive steps vary).
  static Access of(const Transition& t) {
    enum : uint8_t { kWrites = 1, kReadsEverything = 2, kNone = 4 };
    // Indexed by Kind: read, write, rmw, fence, lock, read lock, unlock, try-lock, cond wait,
    // cond wake, cond signal, await (see Transition::writes()).
    static constexpr uint8_t kTraits[] = {0,       kWrites, kWrites, kNone,
                                          kWrites, 0,       kWrites, kWrites,
                                          kWrites, 0,       kWrites, kReadsEverything};
    static_assert(sizeof kTraits == static_cast<size_t>(Kind::kAwait) + 1);
    const uint8_t traits = kTraits[static_cast<size_t>(t.kind)];
    Access a;
    a.first = t.addr >> kGranuleShift;
    a.last = (t.addr + (t.size == 0 ? 1 : t.size) - 1) >> kGranuleShift;
    a.writes = (traits & kWrites) != 0;
    a.reads_everything = (traits & kReadsEverything) != 0;
    a.none = (traits & kNone) != 0;
    return a;
  }
  bool operator==(const Access&) const = default;
};

/// Whether two transitions of different threads are dependent.
bool dependent(const Access& a, const Access& b);

/// The Access of a thread's pending (not yet executed) transition `t`, as dependency sees the
/// step it will be if it runs now: a compare-exchange that would fail against the current
/// memory only reads, as it will once executed (Access::of sees a pending one as the rmw it
/// may be). The value can change only by a write to the location, which is dependent with
/// the read either way, so a sleeping thread's classification holds until a step wakes it.
Access pending_access(const Transition& t);

/// The threads of `asleep` whose pending transition (seen by pending_access) is independent
/// of `step`: a sleep set after `step` ran. `pending` holds every thread's pending transition after
/// `step` ran: a sleeping thread did not run `step`, and a thread's pending transition changes only
/// when it runs, so for the sleepers it is the one they had before.
uint64_t still_asleep(uint64_t asleep, const Transition* pending, const Transition& step);

}  // namespace lineup::engine
