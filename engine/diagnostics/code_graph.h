// The static call graph of the instrumented code of this process: its functions (at run-time
// addresses) and the direct calls between them, across modules where a call through the PLT
// binds to another module's instrumented code. What a structure's executions can reach is
// found from it (code_reach.h): from the functions they were seen to enter, every function
// those call directly, transitively. A call through a pointer (a virtual function, a
// std::function) has no edge.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace lineup::engine {

class CodeGraph {
 public:
  static constexpr size_t kNone = ~size_t{0};

  /// Adds a function starting at run-time address `start`. Call before the calls.
  void add_function(uintptr_t start, std::string name);
  /// Sorts the functions; call once, after the last add_function and before anything else.
  void seal();
  /// Adds a call from the function holding `site` to the function starting at (or holding)
  /// `target`; ignored when either is no function of the graph.
  void add_call(uintptr_t site, uintptr_t target);

  /// The index of the function holding run-time address `pc` (the last one starting at or
  /// before it), or kNone.
  size_t function_of(uintptr_t pc) const;
  size_t size() const { return functions_.size(); }
  uintptr_t start(size_t f) const { return functions_[f].start; }
  const std::string& name(size_t f) const { return functions_[f].name; }

  /// The functions reached from the functions holding the run-time addresses `roots`, those
  /// included: reached[f].
  std::vector<bool> reached_from(const std::vector<uintptr_t>& roots) const;

 private:
  struct Function {
    uintptr_t start = 0;
    std::string name;
    std::vector<size_t> callees;
  };
  std::vector<Function> functions_;
};

}  // namespace lineup::engine
