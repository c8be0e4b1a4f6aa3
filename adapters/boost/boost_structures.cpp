// Boost.Lockfree 1.74 structures. Instrumented: every access they make is controlled.
#include <boost/lockfree/queue.hpp>
#include <boost/lockfree/stack.hpp>

#include "specs/structure.h"

namespace {

using lineup::specs::kEmpty;
using lineup::specs::Structure;
using Queue = boost::lockfree::queue<int>;
using Stack = boost::lockfree::stack<int>;

LINEUP_REGISTER(Structure<Queue>("boost/queue", lineup::specs::queue_model())
                    .describe("boost::lockfree::queue<int> (capacity 16): push, pop")
                    .origin("Boost.Lockfree 1.74")
                    .make([] { return new Queue(16); })
                    .operation("push", [](Queue& q, int v) { return q.push(v) ? 1 : 0; })
                    .operation("pop", [](Queue& q, int) {
                      int v;
                      return q.pop(v) ? v : kEmpty;
                    }));

LINEUP_REGISTER(Structure<Stack>("boost/stack", lineup::specs::stack_model())
                    .describe("boost::lockfree::stack<int> (capacity 16): push, pop")
                    .origin("Boost.Lockfree 1.74")
                    .make([] { return new Stack(16); })
                    .operation("push", [](Stack& s, int v) { return s.push(v) ? 1 : 0; })
                    .operation("pop", [](Stack& s, int) {
                      int v;
                      return s.pop(v) ? v : kEmpty;
                    }));

}  // namespace
