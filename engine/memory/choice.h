// A choice the memory model leaves open at one step (EngineOptions::memory_model c11): which
// store a load reads, or where in the modification order a store goes. Strategies decide it
// through Strategy::choose; option `options - 1` is always what sequential consistency would
// do (the latest store, the last position), so a strategy that never overrides choose explores
// exactly the executions it explores in SC mode.
#pragma once

#include <cstddef>
#include <cstdint>

#include "engine/transition.h"

namespace lineup::engine {

struct Choice {
  enum class Kind : uint8_t {
    kRead,       // option i: the i-th store the load may read, oldest first
    kPlacement,  // option i: the i-th position the store may take in modification order
  };
  Kind kind = Kind::kRead;
  ThreadId thread = kNoThread;
  size_t step = 0;       // trace index of the access the choice belongs to
  uint32_t options = 0;  // at least 2: the engine asks only when there is a choice

  /// The option sequential consistency takes: the latest store, the last position.
  uint32_t latest() const { return options - 1; }
};

/// How far from the SC option `chosen` is (0: the latest); what a stale bound counts.
inline uint32_t staleness(const Choice& c, uint32_t chosen) { return c.latest() - chosen; }

}  // namespace lineup::engine
