// block_until as a step of the execution.
#include "engine/predicate_waits.h"

#include "engine/execution.h"

namespace lineup::engine {

void PredicateWaits::block_until(bool (*pred)(void*), void* arg, uintptr_t pc, uintptr_t word) {
  EngineSection engine;
  Transition t = Transition::pending(Kind::kAwait, word, 0, pc);
  t.aux = reinterpret_cast<uintptr_t>(arg);
  waits_[execution_.current_thread()] = Wait{pred, arg};
  execution_.step(t);
}

}  // namespace lineup::engine
