// The files `lineup init` writes, as templates: the files of lineup/cli/init_templates/,
// compiled in at build time (embed.cmake there), with @NAME@-style placeholders.
#pragma once

#include <string_view>

namespace lineup::cli {

/// The text of the template file `name` of lineup/cli/init_templates/ (e.g. "queue.cpp.in");
/// throws std::out_of_range if there is none.
std::string_view init_template(std::string_view name);

}  // namespace lineup::cli
