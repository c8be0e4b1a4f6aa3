#include "engine/outcome.h"

namespace lineup::engine {

const char* to_string(Outcome outcome) {
  switch (outcome) {
    case Outcome::kCompleted:
      return "completed";
    case Outcome::kDeadlock:
      return "deadlock";
    case Outcome::kStepLimit:
      return "step limit";
    case Outcome::kCrash:
      return "crash";
    case Outcome::kUseAfterFree:
      return "use-after-free";
    case Outcome::kDoubleFree:
      return "double free";
    case Outcome::kInvalidFree:
      return "invalid free";
    case Outcome::kUncaughtException:
      return "uncaught exception";
    case Outcome::kDivergence:
      return "divergence";
    case Outcome::kAbandoned:
      return "abandoned";
    case Outcome::kHang:
      return "hang";
    case Outcome::kDataRace:
      return "data race";
    case Outcome::kProcessExit:
      return "process exit";
    case Outcome::kUnsupportedCall:
      return "unsupported call";
  }
  return "?";
}

}  // namespace lineup::engine
