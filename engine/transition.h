// A transition is one visible step of a logical thread: a shared-memory access, a fence, or a
// synchronisation operation on a lock. Strategies decide between the pending transitions of
// threads; the checker groups executed transitions per call.
#pragma once

#include <cstdint>
#include <string>

namespace lineup::engine {

/// Index of a logical thread within an execution (0-based, at most kMaxThreads).
using ThreadId = int;
inline constexpr int kMaxThreads = 64;
/// Marks "no thread" (e.g. the main context that runs setup and teardown).
inline constexpr ThreadId kNoThread = -1;

/// What a transition does to its address, as far as dependency is concerned.
enum class Kind : uint8_t {
  kRead,        // plain or atomic load, failed compare-exchange
  kWrite,       // plain or atomic store
  kRmw,         // exchange, fetch-op, successful compare-exchange
  kFence,       // atomic_thread_fence
  kLock,        // acquire a mutex or the write side of a rwlock (an rmw on the lock)
  kReadLock,    // acquire the read side of a rwlock (commutes with other read locks)
  kUnlock,      // release a mutex or rwlock (a write on the lock)
  kTryLock,     // non-blocking acquire attempt, succeeds or fails at execution
  kCondWait,    // release the mutex and start waiting on a condition variable
  kCondWake,    // leave a condition variable wait (enabled once signalled)
  kCondSignal,  // pthread_cond_signal / broadcast (an rmw on the condition variable)
  kAwait,       // block_until: enabled when the registered predicate holds
};

/// Bits in Transition::flags.
enum TransitionFlag : uint8_t {
  kAtomic = 1,      // the access is an atomic operation (else a plain access)
  kCas = 2,         // compare-exchange (kind becomes kRead when it fails)
  kValueKnown = 4,  // `value` holds the value read/written (accesses of at most 8 bytes)
  kBroadcast = 8,   // kCondSignal wakes every waiter
  kFailed = 16,     // a compare-exchange or try-lock that failed
  kTimed = 32,      // a condition-variable wait with a timeout
  kRecursive = 64,  // kLock / kTryLock on a recursive mutex (the owner may lock again)
};

/// Bits in Transition::weak: what c11 mode's weak memory made of an atomic access, for the
/// dependency of sleep sets (strategy/dfs.h).
enum WeakFlag : uint8_t {
  kSeqCst = 1,      // a seq_cst access (a compare-exchange: either of its orders)
  kLatestOnly = 2,  // an executed load, rmw or compare-exchange that could read the newest store
                    // only
};

/// Which atomic operation an rmw transition performs (for traces).
enum class RmwOp : uint8_t { kNone, kExchange, kAdd, kSub, kAnd, kOr, kXor, kNand, kCas };

/// What rmw `op` with operand `v` writes over `old` (exchange and the fetch-ops; `old` for
/// kNone and kCas), in 64 bits: the caller keeps the access's width.
constexpr uint64_t rmw_result(RmwOp op, uint64_t old, uint64_t v) {
  switch (op) {
    case RmwOp::kExchange:
      return v;
    case RmwOp::kAdd:
      return old + v;
    case RmwOp::kSub:
      return old - v;
    case RmwOp::kAnd:
      return old & v;
    case RmwOp::kOr:
      return old | v;
    case RmwOp::kXor:
      return old ^ v;
    case RmwOp::kNand:
      return ~(old & v);
    default:
      return old;
  }
}

/// One step. While pending, `value` is the operand (store value, CAS desired value) and
/// `expected` the CAS comparand; once executed, `value` is the value read (kRead), written
/// (kWrite) or stored (kRmw) and `old_value` the value before an rmw.
struct Transition {
  uintptr_t addr = 0;
  uintptr_t pc = 0;  // return address of the hook call inside the code under test
  uint64_t value = 0;
  uint64_t old_value = 0;  // rmw: previous value; failed CAS: value observed
  uint64_t expected = 0;   // CAS comparand
  uintptr_t aux = 0;       // kCondWait: the mutex; kAwait: predicate argument
  int32_t call = -1;       // index into Trace::calls of the enclosing call, -1 outside calls
  uint32_t size = 0;       // bytes accessed
  ThreadId thread = kNoThread;
  Kind kind = Kind::kRead;
  RmwOp rmw = RmwOp::kNone;
  uint8_t flags = 0;
  uint8_t weak = 0;  // WeakFlag bits (c11 mode)

  /// A pending transition of `kind` on [addr, addr + size) made by the instruction at `pc`.
  static Transition pending(Kind kind, uintptr_t addr, uint32_t size, uintptr_t pc,
                            uint8_t flags = 0) {
    Transition t;
    t.kind = kind;
    t.addr = addr;
    t.size = size;
    t.pc = pc;
    t.flags = flags;
    return t;
  }

  bool has(TransitionFlag f) const { return (flags & f) != 0; }
  /// True when the transition may change memory or lock state (dependency with anything on
  /// the same address).
  bool writes() const {
    return kind == Kind::kWrite || kind == Kind::kRmw || kind == Kind::kLock ||
           kind == Kind::kUnlock || kind == Kind::kTryLock || kind == Kind::kCondWait ||
           kind == Kind::kCondSignal;
  }
};

/// Short lower-case name of a kind ("read", "rmw", "lock", ...).
const char* to_string(Kind kind);

/// One-word description of what a transition does ("load", "store", "CAS", "fetch_add", ...).
std::string verb(const Transition& t);

}  // namespace lineup::engine
