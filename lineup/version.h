// lineup's version, recorded in every counterexample file.
#pragma once

namespace lineup {
inline constexpr const char* kVersion = "0.5.0";
}  // namespace lineup
