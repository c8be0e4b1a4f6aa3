#include "specs/structure.h"

namespace lineup::specs {
namespace {

// engine::Call::invoke for a Driver: a tail call to Driver::call, itself a tail call to the
// operation, so no frame of either stays on the stack while the operation runs. Not
// instrumented: only the operation's own accesses are steps.
__attribute__((no_sanitize("thread"))) int call_driver(const void* driver, void* structure, int op,
                                                       int arg) {
  return static_cast<const Driver*>(driver)->call(structure, op, arg);
}

}  // namespace

std::string Target::promises() const {
  std::string out;
  for (const auto& [from, to] : synchronizes) {
    if (!out.empty()) out += ", ";
    out += model->operation_names()[static_cast<size_t>(from)] + "->" +
           model->operation_names()[static_cast<size_t>(to)];
  }
  return out;
}

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
      engine::Call call;
      call.name = model->describe(op);
      call.invoke = &call_driver;
      call.context = d;
      call.object = structure.get();
      call.op = op.op;
      call.arg = op.arg;
      call.result = slot;
      calls.push_back(std::move(call));
    }
    p.threads.push_back(std::move(calls));
  }
  p.teardown = [structure, d] { d->destroy(*structure); };
  return p;
}

}  // namespace lineup::specs
