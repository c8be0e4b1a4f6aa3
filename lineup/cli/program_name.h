// The name the command line calls itself in help texts, usage errors and hints ("see
// `my_hunter list`"): the file name it runs as, so a hunter built with lineup_add_hunter names
// itself, not lineup.
#pragma once

#include <string>

namespace lineup::cli {

/// Sets the name from argv[0]: its last path component ("build/bin/my_hunter" ->
/// "my_hunter"); an empty or missing argv[0] keeps "lineup". Call before the commands register
/// their options, whose help texts use the name.
void set_program_name(const char* argv0);

/// The name set by set_program_name, "lineup" until then.
const std::string& program_name();

}  // namespace lineup::cli
