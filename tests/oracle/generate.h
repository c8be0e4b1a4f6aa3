// RapidCheck generator of oracle programs: 2-3 threads of 1-3 items each, an item being one
// operation or a critical section (lock, 1-2 operations, unlock; never nested, so the only
// deadlocks are condition waits nobody notifies). Spin-waits, condition waits and
// notifications are drawn often enough that most programs have one.
#pragma once

#include <rapidcheck.h>

#include "program.h"

namespace oracle {

/// Programs of at most `max_threads` threads and `max_items` items per thread.
rc::Gen<Program> gen_program(int max_threads = 3, int max_items = 3);

}  // namespace oracle
