// libcds's TreiberStack with the elimination back-off (Hendler/Shavit/Yerushalmi) on the
// Hazard-Pointer GC, configured for the engine. Include before any other libcds header: it
// selects libcds's GCC threading model (cds_threading.h), through which the stack finds each
// operation's elimination record; engines running it need attach_thread_data (cds_engine.h).
#pragma once

#include "adapters/libcds/cds_threading.h"
//
#include <cds/container/treiber_stack.h>
#include <cds/gc/hp.h>

// The configuration libcds.so was built with (see cds_fibers.h and README.md).
#if defined(CDS_THREAD_SANITIZER_ENABLED) || !defined(CDS_URCU_SIGNAL_HANDLING_ENABLED)
#error "libcds headers configured differently from libcds.so: see adapters/libcds/README.md"
#endif

namespace lineup::adapters::cds {

/// How long a published operation waits for a partner. libcds's default,
/// cds::backoff::delay<>, polls the operation's status and sleeps 2 ms between polls (5 ms in
/// all): real time, which under the engine only slows executions down, since a partner can
/// only arrive when the scheduler runs it. One poll keeps the protocol (publish, look once,
/// withdraw under the slot lock, then read the final status) and leaves the window between
/// publishing and withdrawing, in which the engine schedules partners, as it was.
struct PollOnce {
  template <typename Predicate>
  bool operator()(Predicate ready) const {
    return ready();
  }
  void operator()() const {}
  static void reset() {}
};

/// The collision slot's index generator for a one-slot array: always 0. (libcds's default,
/// c_rand, calls std::rand(), whose hidden global state a replay would not restore.)
struct FirstSlot {
  using result_type = unsigned int;
  result_type operator()() const { return 0; }
};

/// Elimination enabled, with one collision slot instead of libcds's default 4, so that any two
/// concurrent operations that back off meet there: with 2 or 3 threads, random slots would
/// mostly make elimination miss.
struct EliminationStackTraits : public ::cds::container::treiber_stack::traits {
  static constexpr const bool enable_elimination = true;
  using elimination_backoff = PollOnce;
  using buffer = ::cds::opt::v::initialized_static_buffer<int, 1>;
  using random_engine = FirstSlot;
};

/// push, pop(int&) -> bool, empty(); a push and a pop that both fail their CAS on the top can
/// exchange the value through the collision slot without touching the top.
using EliminationStack = ::cds::container::TreiberStack<::cds::gc::HP, int, EliminationStackTraits>;

}  // namespace lineup::adapters::cds
