#include "engine/transition.h"

namespace lineup::engine {

const char* to_string(Kind kind) {
  switch (kind) {
    case Kind::kRead:
      return "read";
    case Kind::kWrite:
      return "write";
    case Kind::kRmw:
      return "rmw";
    case Kind::kFence:
      return "fence";
    case Kind::kLock:
      return "lock";
    case Kind::kReadLock:
      return "read-lock";
    case Kind::kUnlock:
      return "unlock";
    case Kind::kTryLock:
      return "try-lock";
    case Kind::kCondWait:
      return "cond-wait";
    case Kind::kCondWake:
      return "cond-wake";
    case Kind::kCondSignal:
      return "cond-signal";
    case Kind::kAwait:
      return "await";
  }
  return "?";
}

std::string verb(const Transition& t) {
  if (t.has(kCas)) return t.has(kFailed) ? "failed CAS" : "CAS";
  bool atomic = t.has(kAtomic);
  switch (t.kind) {
    case Kind::kRead:
      return atomic ? "load" : "read";
    case Kind::kWrite:
      return atomic ? "store" : "write";
    case Kind::kRmw:
      switch (t.rmw) {
        case RmwOp::kExchange:
          return "exchange";
        case RmwOp::kAdd:
          return "fetch_add";
        case RmwOp::kSub:
          return "fetch_sub";
        case RmwOp::kAnd:
          return "fetch_and";
        case RmwOp::kOr:
          return "fetch_or";
        case RmwOp::kXor:
          return "fetch_xor";
        case RmwOp::kNand:
          return "fetch_nand";
        default:
          return "rmw";
      }
    case Kind::kTryLock:
      return t.has(kFailed) ? "failed try-lock" : "try-lock";
    case Kind::kCondSignal:
      return t.has(kBroadcast) ? "cond-broadcast" : "cond-signal";
    default:
      return to_string(t.kind);
  }
}

}  // namespace lineup::engine
