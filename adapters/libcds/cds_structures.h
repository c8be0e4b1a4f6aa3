// The libcds structures lineup tests, all on the Hazard-Pointer GC (see cds_fibers.h), with
// libcds's own algorithms and default traits except where determinism or the cost of model
// checking requires a documented trait choice (SkipListSet's level generator).
//
// Include only from translation units compiled with the libcds instrumentation flags
// (README.md); logical threads must run with their HP record current (cds_fibers.h).
#pragma once

#include <cds/container/michael_list_hp.h>
#include <cds/container/msqueue.h>
#include <cds/container/skip_list_set_hp.h>
#include <cds/container/treiber_stack.h>
#include <cds/gc/hp.h>

#include <functional>

// The configuration libcds.so was built with (see cds_fibers.h and README.md).
#if defined(CDS_THREAD_SANITIZER_ENABLED) || !defined(CDS_URCU_SIGNAL_HANDLING_ENABLED)
#error "libcds headers configured differently from libcds.so: see adapters/libcds/README.md"
#endif

namespace lineup::adapters::cds {

using HP = ::cds::gc::HP;

/// Michael & Scott queue: enqueue/push, dequeue/pop(int&) -> bool, empty().
using MSQueue = ::cds::container::MSQueue<HP, int>;

/// Treiber stack (no elimination): push, pop(int&) -> bool, empty().
using TreiberStack = ::cds::container::TreiberStack<HP, int>;

struct MichaelListTraits : public ::cds::container::michael_list::traits {
  using less = std::less<int>;
};
/// Michael's ordered lock-free list used as a set: insert/erase/contains(int) -> bool.
using MichaelListSet = ::cds::container::MichaelList<HP, int, MichaelListTraits>;

/// Max tower height of SkipListSet nodes. Every search walks down from the head's top level
/// (four or so atomic accesses, hence scheduling points, per level even on an empty set):
/// measured with 3 threads x 4 calls, a call costs ~190 steps with libcds's default of 32
/// levels, ~105 with 16, ~63 with 8 and ~46 with 5. 5 is the least libcds supports (a search
/// starts at SkipListSet::c_nMinHeight = 5 levels; fewer indexes past the head's tower) and
/// already more than the few elements of a lineup test can use. Needs 2 * 5 + 3 = 13 hazard
/// pointers.
inline constexpr unsigned kSkipListMaxHeight = 5;

/// Deterministic level generator for SkipListSet. libcds's xor_shift/turbo seed themselves from
/// a timer (cds::OS::Timer::random_seed), so the same schedule would build different towers.
/// This one starts from a fixed seed in its constructor, and it is a member of the set (one per
/// SkipListSet instance): a program that constructs its set in setup, as every lineup program
/// must since the heap arena is reset between executions, gets the same sequence of heights in
/// every execution without anything to reset. The state is shared by all logical threads of the
/// set, like libcds's own generators, so heights follow the order in which inserts draw them,
/// which the schedule determines.
///
/// operator() is not instrumented: the state is the adapter's, not libcds's, so its accesses
/// must neither add scheduling points nor show up as a data race (libcds's generators use
/// relaxed atomics for it). Without hooks nothing can switch fibers inside it, so concurrent
/// logical threads still update it atomically. g++ does not inline a no_sanitize function into
/// an instrumented caller, so the attribute holds at every call site.
template <unsigned MaxHeight>
class DeterministicLevelGenerator {
  static_assert(MaxHeight >= 5 && MaxHeight <= ::cds::intrusive::skip_list::c_nHeightLimit,
                "SkipListSet supports max heights 5..32 (see kSkipListMaxHeight)");

 public:
  /// Levels are in [0, c_nUpperBound) (SkipListSet adds 1 to get the tower height).
  static unsigned int const c_nUpperBound = MaxHeight;

  __attribute__((no_sanitize("thread"))) unsigned int operator()() {
    // xorshift32 (Marsaglia), then a geometric level: P(level >= k) = 2^-k, the distribution
    // a skip list needs, capped below the upper bound.
    state_ ^= state_ << 13;
    state_ ^= state_ >> 17;
    state_ ^= state_ << 5;
    unsigned int x = state_;
    unsigned int level = 0;
    while ((x & 1u) != 0 && level + 1 < MaxHeight) {
      ++level;
      x >>= 1;
    }
    return level;
  }

 private:
  unsigned int state_ = 0x9E3779B9u;  // any nonzero constant (xorshift's fixed point is 0)
};

struct SkipListSetTraits : public ::cds::container::skip_list::traits {
  using less = std::less<int>;
  using random_level_generator = DeterministicLevelGenerator<kSkipListMaxHeight>;
};
/// Herlihy/Shavit/Fraser lock-free skip list (libcds SkipListSet): insert/erase/contains.
using SkipListSet = ::cds::container::SkipListSet<HP, int, SkipListSetTraits>;

}  // namespace lineup::adapters::cds
