// The random programs of the interleaving oracle: a few threads, each running a short list of
// operations on shared int cells, two mutexes and one condition variable. The oracle
// (interleavings.h) interprets them on its own; controlled.h runs the same programs as real
// code under the engine. Nothing here depends on lineup.
#pragma once

#include <string>
#include <vector>

namespace oracle {

inline constexpr int kMaxCells = 2;
inline constexpr int kMutexes = 2;  // mutex 0 guards the condition variable
/// A spin-wait reads its cell at most this many times more after the first read.
inline constexpr int kSpinRetries = 2;

struct Op {
  enum Kind {
    kLoad,       // read the cell (recorded)
    kStore,      // cell = value
    kCas,        // if cell == expected then cell = value; the old value is recorded
    kFetchAdd,   // cell += value; the old value is recorded
    kLock,       // lock mutex `lock`
    kUnlock,     // unlock mutex `lock`
    kWait,       // holding mutex 0: read the cell (recorded); if it is not `value`, wait on
                 // the condition variable once (no spurious wake-ups), then hold mutex 0 again
    kNotifyOne,  // wake the longest-waiting waiter, if any
    kNotifyAll,  // wake every waiter
    kSpin,       // read the cell until it holds `value`, at most 1 + kSpinRetries reads, each
                 // recorded; the retry count lives in a local
  } kind = kLoad;
  int cell = 0;
  int value = 0;
  int expected = 0;
  int lock = 0;
};

struct Program {
  int cells = 1;
  std::vector<std::vector<Op>> threads;
};

/// "T0: lock m0; wait c0==1; unlock m0 | T1: ..." for failure messages.
std::string describe(const Program& program);

}  // namespace oracle
