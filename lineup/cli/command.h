// A subcommand of the lineup command line: it registers its options with the parser when
// constructed, and runs when the command line named it.
#pragma once

#include "lineup/cli/exit_status.h"

namespace lineup::cli {

class Command {
 public:
  virtual ~Command() = default;
  /// Whether the parsed command line named this command.
  virtual bool parsed() const = 0;
  /// Runs the command with the parsed options; what it prints is its output.
  virtual ExitStatus run() = 0;
};

}  // namespace lineup::cli
