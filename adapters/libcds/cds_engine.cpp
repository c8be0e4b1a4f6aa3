#include "adapters/libcds/cds_engine.h"

#include "adapters/libcds/cds_fibers.h"

namespace lineup::adapters::cds {
namespace {

class ResetBetweenExecutions final : public engine::ExecutionListener {
 public:
  void after_execution(bool clean) override { end_execution(clean); }
};

}  // namespace

void attach(engine::Engine& engine, int max_threads, int hazard_pointers) {
  initialize(max_threads, hazard_pointers);
  int slot = engine.add_thread_local(hp_tls_slot());
  for (int t = 0; t < max_threads; ++t) engine.set_thread_local(slot, t, hp_record(t));
  static ResetBetweenExecutions listener;  // stateless: one serves every engine
  engine.add_listener(&listener);
}

}  // namespace lineup::adapters::cds
