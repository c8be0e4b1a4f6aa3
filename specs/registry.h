// The structures lineup knows by name (`lineup list`, `lineup hunt NAME`). Adapters register
// themselves with LINEUP_REGISTER from their own translation units; link their libraries
// whole (see lineup_add_hunter in cmake/Lineup.cmake) so no registration is dropped.
#pragma once

#include <string>
#include <vector>

namespace lineup::specs {

struct Target;

/// Adds `target`. A second target with the same name, or a declaration error, is reported on
/// stderr and ends the process: both are mistakes in the adapter code, found at start-up.
void register_target(const Target& target);

/// Registers the target `build` returns, marked built_in as told (Target::built_in); a
/// std::exception from it (a declaration error) is reported on stderr with the exception's
/// message and ends the process.
void register_target_or_exit(Target (*build)(), bool built_in = false);

/// Every registered structure, sorted by name.
const std::vector<Target>& registered_targets();

/// The structure called `name`, or nullptr.
const Target* find_target(const std::string& name);

/// Registers a Structure (or Target) at program start-up. In code compiled with
/// LINEUP_BUILT_IN_STRUCTURES defined (lineup's own structure libraries, adapters/) the target
/// is marked built-in; everywhere else it is the user's.
#define LINEUP_REGISTER(...) LINEUP_REGISTER_AT_(__COUNTER__, __VA_ARGS__)
#define LINEUP_REGISTER_AT_(n, ...) LINEUP_REGISTER_AT2_(n, __VA_ARGS__)
#define LINEUP_REGISTER_AT2_(n, ...)                                                       \
  [[maybe_unused]] static const bool lineup_registered_##n = [] {                          \
    ::lineup::specs::register_target_or_exit(                                              \
        []() -> ::lineup::specs::Target { return __VA_ARGS__; }, LINEUP_BUILT_IN_TARGET_); \
    return true;                                                                           \
  }()
#ifdef LINEUP_BUILT_IN_STRUCTURES
#define LINEUP_BUILT_IN_TARGET_ true
#else
#define LINEUP_BUILT_IN_TARGET_ false
#endif

}  // namespace lineup::specs
