#include "specs/thread_index.h"

#include "engine/control.h"

namespace lineup::specs {

int thread_index() {
  const int thread = lineup_logical_thread();
  return thread < 0 ? 0 : thread;
}

}  // namespace lineup::specs
