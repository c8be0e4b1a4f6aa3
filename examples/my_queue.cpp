// The README's example: declaring boost::lockfree::queue<int> for lineup. Built by
// examples/CMakeLists.txt into its own hunter, build/bin/my_hunter.
#include <boost/lockfree/queue.hpp>

#include "specs/structure.h"

using Queue = boost::lockfree::queue<int>;
using lineup::specs::Structure;

// Laid out as in the README.
// clang-format off
LINEUP_REGISTER(Structure<Queue>("my/queue", lineup::specs::queue_model())
                    .make([] { return new Queue(16); })
                    .operation("push", [](Queue& q, int v) { return q.push(v) ? 1 : 0; })
                    .operation("pop", [](Queue& q, int) {
                      int v;
                      return q.pop(v) ? v : lineup::specs::kEmpty;
                    })
                    .arguments({1, 2, 3}));
// clang-format on
