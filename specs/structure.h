// Declaring a structure under test: how to construct it, how each operation of its
// sequential model is called on it, and the argument values to draw from. Include from an
// instrumented translation unit (see lineup_add_structure): the lambdas given to declare()
// are compiled there, so every access they make is controlled by the engine.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "lineup/engine/program.h"
#include "specs/model.h"

namespace lineup::specs {

/// A concurrent test program: per thread, the operations of its calls, in order.
struct TestProgram {
  std::vector<std::vector<Operation>> threads;
  /// Number of calls over all threads.
  size_t calls() const;
  /// Index of call `index` of thread `thread` in thread-major order.
  size_t flat(int thread, int index) const;
  /// "T0: push(1) pop() | T1: ..." using the model's names.
  std::string describe(const Model& model) const;
};

/// A structure under test, with its types erased.
struct Target {
  std::string name;         // e.g. "boost/queue"
  std::string description;  // one line for `lineup list`
  const Model* model = nullptr;
  std::vector<int> arguments;  // argument values for operations that take one
  /// The engine program running `program` on a fresh structure in every execution; each
  /// execution writes call c's result (thread-major order) into (*results)[c], which must
  /// have program.calls() elements and outlive the program.
  std::function<engine::Program(const TestProgram& program, std::vector<int>* results)> instantiate;
};

/// Declares structure S: `make` constructs one (in the execution's setup), `operations[i]`
/// performs model operation i on it with an argument and returns the result the model would
/// (see the Model's apply). The structure is deleted in teardown. Operations are plain
/// functions (or capture-less lambdas): the harness around them is not instrumented, so a
/// trace shows the structure's own steps only.
template <class S>
Target declare(std::string name, std::string description, const Model& model,
               std::vector<int> arguments, S* (*make)(), std::vector<int (*)(S&, int)> operations) {
  Target t;
  t.name = std::move(name);
  t.description = std::move(description);
  t.model = &model;
  t.arguments = std::move(arguments);
  const Model* m = &model;
  t.instantiate = [m, make, operations](const TestProgram& program, std::vector<int>* results) {
    auto holder = std::make_shared<S*>(nullptr);
    engine::Program p;
    p.setup = [holder, make] { *holder = make(); };
    for (size_t thread = 0; thread < program.threads.size(); ++thread) {
      std::vector<engine::Call> calls;
      for (size_t i = 0; i < program.threads[thread].size(); ++i) {
        Operation op = program.threads[thread][i];
        size_t slot = program.flat(static_cast<int>(thread), static_cast<int>(i));
        int (*f)(S&, int) = operations[static_cast<size_t>(op.op)];
        // Not instrumented: reading the captures and storing the result are the harness's
        // accesses, not the structure's.
        calls.push_back({m->describe(op), [holder, f, op, slot, results]()
                                              __attribute__((no_sanitize("thread"))) {
                                                S& s = **holder;
                                                int r = f(s, op.arg);
                                                (*results)[slot] = r;
      }
    });
  } p.threads.push_back(std::move(calls));
}
p.teardown = [holder] { delete *holder; };
return p;
};
return t;
}

}  // namespace lineup::specs
