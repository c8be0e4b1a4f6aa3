#include "specs/structure.h"

namespace lineup::specs {

engine::Program Target::instantiate(const TestProgram& program, std::vector<int>* results) const {
  auto structure = std::make_shared<void*>(nullptr);
  const Driver* d = driver.get();
  engine::Program p;
  p.setup = [structure, d, init = program.init, first = program.calls(), results] {
    *structure = d->make();
    for (size_t i = 0; i < init.size(); ++i) {
      (*results)[first + i] = d->call(*structure, init[i].op, init[i].arg);
    }
  };
  for (size_t thread = 0; thread < program.threads.size(); ++thread) {
    std::vector<engine::Call> calls;
    for (size_t i = 0; i < program.threads[thread].size(); ++i) {
      Operation op = program.threads[thread][i];
      int* slot = &(*results)[program.flat(static_cast<int>(thread), static_cast<int>(i))];
      calls.push_back({model->describe(op),
                       [structure, d, op, slot] { *slot = d->call(*structure, op.op, op.arg); }});
    }
    p.threads.push_back(std::move(calls));
  }
  p.teardown = [structure, d] { d->destroy(*structure); };
  return p;
}

}  // namespace lineup::specs
