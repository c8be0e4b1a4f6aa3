#include "checker/call_text.h"

#include <string>

namespace lineup::checker {

std::string describe_call(const specs::Model& model, const specs::TestProgram& program, int flat) {
  for (size_t t = 0, base = 0; t < program.threads.size(); base += program.threads[t++].size()) {
    if (static_cast<size_t>(flat) < base + program.threads[t].size()) {
      size_t i = static_cast<size_t>(flat) - base;
      return "T" + std::to_string(t) + "[" + std::to_string(i) + "]." +
             model.describe(program.threads[t][i]);
    }
  }
  return "?";
}

std::string describe_order(const specs::Model& model, const specs::TestProgram& program,
                           const std::vector<int>& order) {
  std::string out;
  for (int c : order) out += (out.empty() ? "" : ", ") + describe_call(model, program, c);
  return out;
}

std::string describe_calls(const specs::Model& model, const specs::TestProgram& program,
                           const std::vector<int>& results) {
  std::string out;
  auto one = [&](const specs::Operation& op, int result) {
    return " " + model.describe(op) + " -> " + model.describe_result(op, result);
  };
  if (!program.init.empty()) {
    out += "  init:";
    for (size_t i = 0; i < program.init.size(); ++i) {
      out += one(program.init[i], results[program.calls() + i]);
    }
    out += "\n";
  }
  for (size_t t = 0; t < program.threads.size(); ++t) {
    out += "  T" + std::to_string(t) + ":";
    for (size_t i = 0; i < program.threads[t].size(); ++i) {
      out += one(program.threads[t][i],
                 results[program.flat(static_cast<int>(t), static_cast<int>(i))]);
    }
    out += "\n";
  }
  return out;
}

}  // namespace lineup::checker
