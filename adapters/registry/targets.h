// The structures lineup knows by name (`lineup list`, `lineup hunt NAME`).
#pragma once

#include <string>
#include <vector>

#include "specs/structure.h"

namespace lineup::adapters {

/// Every registered structure; the first is the default.
const std::vector<specs::Target>& targets();

/// The structure called `name`, or nullptr.
const specs::Target* find_target(const std::string& name);

}  // namespace lineup::adapters
