// Boost.Lockfree 1.74 structures. Instrumented: every access they make is controlled.
#include <boost/lockfree/queue.hpp>
#include <boost/lockfree/spsc_queue.hpp>
#include <boost/lockfree/stack.hpp>

#include "specs/structure.h"

namespace {

using lineup::specs::kEmpty;
using lineup::specs::Structure;

// push/pop for every Boost container: push returns whether the value was taken, pop the value
// or kEmpty. Each promises that a pop happens after the push whose value it returns: Boost's
// documentation calls push and pop thread-safe and says nothing of memory order, and a
// container of trivially copyable values (what Boost.Lockfree requires) is used to pass
// pointers to what the pusher wrote, which is only safe with that promise. Its code keeps it
// by design (release stores of the node links, acquire loads of them).
template <class C>
Structure<C> push_pop(std::string name, const lineup::specs::Model& model,
                      std::string description) {
  return Structure<C>(std::move(name), model)
      .describe(std::move(description))
      .origin("Boost.Lockfree 1.74")
      .synchronizes_handoffs()
      .operation("push", [](C& c, int v) { return c.push(v) ? 1 : 0; })
      .operation("pop", [](C& c, int) {
        int v;
        return c.pop(v) ? v : kEmpty;
      });
}

using Queue = boost::lockfree::queue<int>;
using Stack = boost::lockfree::stack<int>;
// Compile-time capacity makes them fixed-size: push fails when the node pool is exhausted.
// The queue's pool has one node more than the capacity, for its dummy node. Nodes taken by
// pushes still in flight, or not yet returned by pops, count against the pool, so a push can
// fail while fewer than `capacity` values are visible (docs/findings.md): the spec is Boost's
// documented promise, a push may be refused, and is refused when the container is full.
using FixedQueue = boost::lockfree::queue<int, boost::lockfree::capacity<2>>;
using FixedStack = boost::lockfree::stack<int, boost::lockfree::capacity<2>>;
using Spsc = boost::lockfree::spsc_queue<int, boost::lockfree::capacity<2>>;

LINEUP_REGISTER(push_pop<Queue>("boost/queue", lineup::specs::queue_model(),
                                "boost::lockfree::queue<int> (16 nodes, grows): push, pop")
                    .make([] { return new Queue(16); }));
LINEUP_REGISTER(push_pop<Stack>("boost/stack", lineup::specs::stack_model(),
                                "boost::lockfree::stack<int> (16 nodes, grows): push, pop")
                    .make([] { return new Stack(16); }));
LINEUP_REGISTER(
    push_pop<FixedQueue>("boost/queue-fixed-2", lineup::specs::pool_bounded_queue_model(2),
                         "boost::lockfree::queue<int, capacity<2>>: push fails when full"));
LINEUP_REGISTER(
    push_pop<FixedStack>("boost/stack-fixed-2", lineup::specs::pool_bounded_stack_model(2),
                         "boost::lockfree::stack<int, capacity<2>>: push fails when full"));
// Single producer, single consumer: thread 0 pushes, thread 1 pops. A ring of capacity 2.
LINEUP_REGISTER(push_pop<Spsc>("boost/spsc_queue", lineup::specs::bounded_queue_model(2),
                               "boost::lockfree::spsc_queue<int, capacity<2>>: one producer, one "
                               "consumer")
                    .roles({{"push"}, {"pop"}}));
// The same ring with the promise it keeps under C++'s memory model: each side reads the other's
// index with an acquire load that may return an old value, so an answer "empty" or "full" may
// be stale (docs/findings.md). Hunt it with --memory-model c11.
LINEUP_REGISTER(push_pop<Spsc>("boost/spsc_queue-stale",
                               lineup::specs::stale_bounded_queue_model(2),
                               "boost::lockfree::spsc_queue<int, capacity<2>>: one producer, one "
                               "consumer; empty and full answers may be stale")
                    .roles({{"push"}, {"pop"}}));

}  // namespace
