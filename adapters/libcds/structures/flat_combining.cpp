// libcds 2.3.3 flat-combining queue and stack: a thread publishes its request in its own
// publication record and either becomes the combiner (under the kernel's spin lock), running
// every published request on a sequential std::deque, or waits until the combiner has run its
// request. The record is found through a boost::thread_specific_ptr, which lives under a
// pthread key; the engine gives controlled code one pthread-key table per logical thread,
// fresh in each execution (Execution::thread_specific), so every logical thread has its own
// record. A waiting thread polls its record's state and the combiner lock, with libcds's
// default back-off in between (a 2 ms sleep, which under the engine returns at once: spin
// detection decides when the waiter runs again).
#include <cds/container/fcqueue.h>
#include <cds/container/fcstack.h>
#include <boost/thread/tss.hpp>

#include "adapters/libcds/structures/cds_registration.h"

namespace {

namespace reg = lineup::adapters::cds::registration;

using FCQueue = ::cds::container::FCQueue<int>;
using FCStack = ::cds::container::FCStack<int>;

// Boost.Thread creates its pthread key on first use. That first use must happen here, outside
// any execution: inside one it would run Boost's once-initialisation under the engine.
void prepare_flat_combining(lineup::engine::Engine& engine, int max_threads) {
  static boost::thread_specific_ptr<int> first_use;
  first_use.get();
  lineup::adapters::cds::prepare(engine, max_threads);
}

LINEUP_REGISTER(reg::queue<FCQueue>("cds/fcqueue",
                                    "FCQueue<int>: flat-combining queue over std::deque: "
                                    "enqueue, dequeue, empty")
                    .prepare_engine(&prepare_flat_combining));
LINEUP_REGISTER(reg::stack<FCStack>("cds/fcstack",
                                    "FCStack<int>: flat-combining stack over std::deque: "
                                    "push, pop, empty")
                    .prepare_engine(&prepare_flat_combining));

}  // namespace
