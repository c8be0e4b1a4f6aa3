// What the checker judges: the calls of one execution (who made them, what they did, what
// they returned) and which calls must precede which.
#pragma once

#include <cstdint>
#include <vector>

#include "specs/model.h"

namespace lineup::checker {

/// One completed call.
struct CallRecord {
  int thread = 0;
  specs::Operation operation;
  int result = 0;
};

/// precedes[y] has bit x set when call x must come before call y in any linearization.
/// At most 64 calls.
using Precedence = std::vector<uint64_t>;

}  // namespace lineup::checker
