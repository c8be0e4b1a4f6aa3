// Built-in programs for exercising the engine from the CLI (`lineup run`): small concurrent
// programs over embedded structures, each with a conservation check (every value pushed is
// popped or left in the structure exactly once).
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "engine/program.h"

namespace lineup::smoke {

/// A program plus a check of what one completed execution observed.
struct SmokeProgram {
  engine::Program program;
  /// Empty when the last completed execution conserved its values, else what went wrong.
  std::function<std::string()> check;
};

struct SmokeStructure {
  std::string name;
  std::string description;
  std::function<SmokeProgram(int threads, int calls)> make;
};

/// The embedded structures, the first being the default.
const std::vector<SmokeStructure>& smoke_structures();

}  // namespace lineup::smoke
