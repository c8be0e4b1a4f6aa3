// Programs for bench_thread_local_points: 3 threads x 3 calls, each call 8 atomic increments
// of one shared counter, and, when `thread_locals` is set, a read and a write of a
// thread_local around each increment.
#pragma once

#include "engine/program.h"

namespace bench {

lineup::engine::Program counter_program(bool thread_locals);

}  // namespace bench
