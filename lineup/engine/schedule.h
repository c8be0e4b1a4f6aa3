// A schedule is the sequence of threads chosen at each scheduling point of an execution. It is
// plain data: printable as a compact token and parsed back, so any execution can be replayed.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "lineup/engine/transition.h"

namespace lineup::engine {

struct Schedule {
  std::vector<ThreadId> choices;

  /// Token "s1:" followed by runs, each a thread letter (a-z = 0-25, A-Z = 26-51) and an
  /// optional repeat count: e.g. "s1:a12b3a" is 12 steps of thread 0, 3 of thread 1, 1 of 0.
  std::string to_token() const;
  /// Parses a token made by to_token(); nullopt (with `error` set when given) if malformed.
  static std::optional<Schedule> from_token(std::string_view token, std::string* error = nullptr);

  bool operator==(const Schedule& other) const { return choices == other.choices; }
};

}  // namespace lineup::engine
