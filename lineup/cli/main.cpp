// The lineup command line: each subcommand registers its options and runs itself (see the
// *_command(s).h headers of this folder); `lineup --help` lists them.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <exception>
#include <memory>
#include <vector>

#include "lineup/cli/corpus_commands.h"
#include "lineup/cli/hunt_command.h"
#include "lineup/cli/init_command.h"
#include "lineup/cli/merge_commands.h"
#include "lineup/cli/program_commands.h"
#include "lineup/cli/program_name.h"
#include "lineup/cli/verify_command.h"

namespace {

int run(int argc, char** argv) {
  using namespace lineup::cli;
  set_program_name(argc > 0 ? argv[0] : nullptr);
  CLI::App app{program_name() + ": finds concurrency bugs in lock-free data structures",
               program_name()};
  app.require_subcommand(1);
  std::vector<std::unique_ptr<Command>> commands;
  commands.push_back(std::make_unique<RunCommand>(app));
  commands.push_back(std::make_unique<ReplayCommand>(app));
  auto corpus = std::make_unique<CorpusCommands>(app);
  commands.push_back(std::make_unique<MergeCommands>(app, corpus->corpus()));
  commands.push_back(std::move(corpus));
  commands.push_back(std::make_unique<HuntCommand>(app));
  commands.push_back(std::make_unique<VerifyCommand>(app));
  commands.push_back(std::make_unique<ListCommand>(app));
  commands.push_back(std::make_unique<InitCommand>(app));
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // --help and --version end with 0; every usage error with 2, as documented.
    int printed = app.exit(e);
    return printed == 0 ? 0 : exit_code(ExitStatus::kUsage);
  }
  for (const auto& command : commands) {
    if (command->parsed()) return exit_code(command->run());
  }
  return exit_code(ExitStatus::kClean);
}

}  // namespace

int main(int argc, char** argv) {
  // A command reports its own errors; what escapes one is lineup's failure.
  try {
    return run(argc, argv);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "lineup: internal error: %s\n", e.what());
  } catch (...) {
    std::fprintf(stderr, "lineup: internal error: an unknown exception\n");
  }
  return lineup::cli::exit_code(lineup::cli::ExitStatus::kInternalError);
}
