// RingQueue declared for lineup: a FIFO queue of capacity 2 whose push may be refused when full.
#include "ring_queue.h"

#include "specs/structure.h"

using lineup::specs::Structure;

LINEUP_REGISTER(Structure<RingQueue>("tutorial/ring-queue", lineup::specs::bounded_queue_model(2))
                    .make([] { return new RingQueue; })
                    .operation("push", [](RingQueue& q, int v) { return q.push(v) ? 1 : 0; })
                    .operation("pop",
                               [](RingQueue& q, int) {
                                 int v;
                                 return q.pop(v) ? v : lineup::specs::kEmpty;
                               })
                    .arguments({1, 2, 3})
                    .describe("a ring of two slots: locked pushes, lock-free pops")
                    .origin("docs/tutorial.md"));
