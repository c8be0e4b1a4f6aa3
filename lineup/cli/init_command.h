// `lineup init DIR`: writes a project of one's own, ready to build: a CMakeLists.txt that
// builds a hunter (lineup_add_hunter) with lineup from an install or a source tree, a file
// declaring an example structure of the chosen kind (each part of the declaration commented),
// and a README on building, hunting and replaying. The texts are the templates of
// init_templates/.
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <utility>
#include <vector>

#include "lineup/cli/command.h"

namespace lineup::cli {

struct InitOptions {
  std::string dir;             // the project's folder: absent, or empty
  std::string kind = "queue";  // the example structure: "queue", "stack" or "set"
  std::string name;            // its structure name; "" for "my/<kind>"
  std::string lineup_source;   // a lineup source tree to build with; "" for an installed lineup
};

/// Registers `init DIR [--kind K] [--name NAME] [--lineup-source PATH]`; run() writes the
/// project (init_project).
class InitCommand : public Command {
 public:
  explicit InitCommand(CLI::App& app);
  bool parsed() const override;
  ExitStatus run() override;

 private:
  CLI::App* init_;
  InitOptions options_;
};

/// The kinds of example structure `lineup init` writes: queue, stack, set.
const std::vector<std::string>& init_kinds();

/// Whether `name` may name the structure of a project `lineup init` writes: parts separated
/// by single '/', each of lowercase ASCII letters, digits, '-', '_' and '.' and starting with a
/// letter or digit ("my/queue", "acme/ring-buffer"), at most 100 characters. Such a name is one
/// command-line argument, a C++ string literal and a part of a corpus file name as it is.
bool valid_structure_name(const std::string& name);

/// The files of the project `options` describes, as (path in the project folder, text), in
/// the order they are written. Throws std::invalid_argument for a kind not in init_kinds() or
/// a name valid_structure_name refuses. `options.lineup_source` is written as given.
std::vector<std::pair<std::string, std::string>> init_files(const InitOptions& options);

/// Writes the project of `options` and says on stdout how to build and hunt it: kClean. Bad
/// input is kUsage with a message on stderr: a folder that exists and is not empty (or is not
/// a folder), a bad kind or name, a --lineup-source that is not a lineup source tree. The files
/// are written in a staging folder first: a folder that did not exist appears whole, an empty
/// one gets the files moved in. An I/O error is kUsage too, and leaves the folder as it was
/// (no staging folder, no file, no folder created above it).
ExitStatus init_project(const InitOptions& options);

}  // namespace lineup::cli
