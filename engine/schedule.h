// A schedule is the sequence of threads chosen at each scheduling point of an execution, and,
// in c11 mode, the memory-model choices made along the way (which store each load read, where
// each store went in modification order). It is plain data: printable as a compact token and parsed
// back, so any execution can be replayed.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/transition.h"

namespace lineup::engine {

/// Caps on what a schedule token may expand to; Schedule::from_token rejects a token past
/// them before building it. An execution makes at most one thread choice per step and at most
/// one memory-model choice per step (one atomic access), and the engine stops an execution at
/// EngineOptions::step_limit steps (200,000 by default); a staleness counts stores to one
/// location, of which there are at most as many as steps. The caps are five times that limit:
/// no recorded execution comes near them, and a token at the caps expands to 8 MB at most.
/// Most thread choices (steps) a schedule may hold.
inline constexpr size_t kMaxScheduleSteps = 1'000'000;
/// Most memory-model choices a schedule may hold.
inline constexpr size_t kMaxMemoryChoices = 1'000'000;
/// Largest staleness one memory-model choice may have.
inline constexpr size_t kMaxStaleness = 1'000'000;

struct Schedule;
/// How many of `schedule`'s memory-model choices are stale (not the SC option).
int stale_choices(const Schedule& schedule);

struct Schedule {
  std::vector<ThreadId> choices;
  /// c11 mode: every memory-model choice that had at least two options, in order, as its
  /// staleness (0: the SC option, the latest store or last position; k: k options older).
  /// Empty in SC mode.
  std::vector<uint32_t> stale{};

  /// Token "s1:" followed by runs, each a thread letter (a-z = 0-25, A-Z = 26-51) and an
  /// optional repeat count: e.g. "s1:a12b3a" is 12 steps of thread 0, 3 of thread 1, 1 of 0.
  std::string to_token() const;
  /// With memory-model choices the token goes on with "/w:" and the stalenesses, comma
  /// separated, a run of equal ones written value "x" count: "s1:a3b2a/w:0x4,1,0" (SC-mode
  /// tokens have no such part and read as before).
  /// Parses a token made by to_token(); nullopt (with `error` set when given) if malformed or
  /// if it expands past kMaxScheduleSteps steps, kMaxMemoryChoices memory-model choices or a
  /// staleness of kMaxStaleness. Time and memory are linear in the token's length and in
  /// those caps, whatever the token.
  static std::optional<Schedule> from_token(std::string_view token, std::string* error = nullptr);

  bool operator==(const Schedule& other) const {
    return choices == other.choices && stale == other.stale;
  }
};

}  // namespace lineup::engine
