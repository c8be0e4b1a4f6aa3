// What `lineup hunt` prints at the end: a JSON object (--json; the input of merge-results) or
// a few lines of text.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "lineup/cli/corpus_commands.h"
#include "lineup/cli/hunt_command.h"
#include "lineup/hunt/hunt.h"
#include "specs/structure.h"

namespace lineup::cli {

/// The hunt's settings, its counts and coverage, and every violation with its shrunk case
/// (`archived[i]` is `result.violations[i]`'s). `check` is "dependency" or "classic".
nlohmann::json hunt_json(const specs::Target& target, const hunt::HuntOptions& options,
                         const std::string& check, const HuntOutput& output,
                         const hunt::HuntResult& result,
                         const std::vector<ArchivedViolation>& archived);

/// The text summary: counts, coverage, dropped duplicates, and whether violations were found
/// (their reports are printed before it).
void print_hunt_summary(const specs::Target& target, const hunt::HuntOptions& options,
                        const std::string& check, const hunt::HuntResult& result);

}  // namespace lineup::cli
