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

/// Registers the target `build` returns; a std::exception from it (a declaration error) is
/// reported on stderr with the exception's message and ends the process.
void register_target_or_exit(Target (*build)());

/// Every registered structure, sorted by name.
const std::vector<Target>& registered_targets();

/// The structure called `name`, or nullptr.
const Target* find_target(const std::string& name);

/// Registers a Structure (or Target) at program start-up.
#define LINEUP_REGISTER(...) LINEUP_REGISTER_AT_(__COUNTER__, __VA_ARGS__)
#define LINEUP_REGISTER_AT_(n, ...) LINEUP_REGISTER_AT2_(n, __VA_ARGS__)
#define LINEUP_REGISTER_AT2_(n, ...)                              \
  [[maybe_unused]] static const bool lineup_registered_##n = [] { \
    ::lineup::specs::register_target_or_exit(                     \
        []() -> ::lineup::specs::Target { return __VA_ARGS__; }); \
    return true;                                                  \
  }()

}  // namespace lineup::specs
