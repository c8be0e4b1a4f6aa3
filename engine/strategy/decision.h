// What a strategy decides at a scheduling point: run a thread, abandon the execution as
// redundant, or stop it because it can no longer be followed.
#pragma once

#include <cstdint>

#include "engine/transition.h"

namespace lineup::engine {

/// The answer of Strategy::next_thread.
struct Decision {
  enum class Kind : uint8_t {
    kRun,      // `thread` executes its pending transition next; it must be enabled
    kAbandon,  // the execution can only repeat explored behaviour: it ends as kAbandoned
    kStop,     // the execution cannot go on as the strategy needs (e.g. a replayed prefix
               // diverged): it ends as a divergence, with Strategy::stop_reason() as message
  };
  Kind kind = Kind::kStop;
  ThreadId thread = kNoThread;  // the thread to run (kRun only)

  /// Runs `t` next.
  static constexpr Decision run(ThreadId t) { return {Kind::kRun, t}; }
  /// Abandons the execution as redundant.
  static constexpr Decision abandon() { return {Kind::kAbandon, kNoThread}; }
  /// Stops the execution as a divergence.
  static constexpr Decision stop() { return {Kind::kStop, kNoThread}; }

  /// Whether a thread runs (and which is `thread`).
  constexpr bool runs() const { return kind == Kind::kRun; }
};

}  // namespace lineup::engine
