// `lineup hunt --client "push(1) pop() | pop() | push()"`: the client whose programs the hunt
// searches (generator/client.h), read against the structure hunted.
#pragma once

#include <string>

#include "lineup/hunt/hunt.h"
#include "specs/structure.h"

namespace lineup::cli {

/// Reads `text` as a client of `target` into options.client. Returns false after printing why
/// on stderr when it cannot: text that is not a client of the target's model (with the column
/// and what was expected there, marked under the text), a client beyond the engine's limits
/// (hunt::client_limits), or one the target's roles refuse.
bool use_client(const std::string& text, const specs::Target& target, hunt::HuntOptions& options);

}  // namespace lineup::cli
