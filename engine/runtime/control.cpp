#include "engine/control.h"

#include <cstdint>

#include "engine/execution.h"
#include "engine/modes.h"
#include "engine/sync_steps.h"

extern "C" void lineup_block_until(bool (*pred)(void*), void* arg) {
  if (lineup::engine::Execution* e = lineup::engine::tl_active) {
    lineup::engine::SyncSteps(*e).block_until(
        pred, arg, reinterpret_cast<uintptr_t>(__builtin_return_address(0)));
    return;
  }
  while (!pred(arg)) {
  }
}

extern "C" int lineup_logical_thread(void) {
  const lineup::engine::Execution* e = lineup::engine::tl_execution;
  return e != nullptr ? e->current_thread() : lineup::engine::kNoThread;
}
