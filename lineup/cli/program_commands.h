// The commands on lineup's built-in engine programs (adapters/smoke) and structures:
//   lineup run     explore executions of a built-in program under a strategy, with outcome
//                  counts, equivalence classes and speed
//   lineup replay  one execution of a built-in program from a schedule token, printed as a
//                  trace (or a counterexample file, see corpus_commands.h)
//   lineup list    the registered structures (a hunter's own) and the built-in programs
#pragma once

#include <CLI/CLI.hpp>
#include <string>

#include "engine/strategy/factory.h"
#include "lineup/cli/command.h"

namespace lineup::cli {

/// The built-in program to run and its size, shared by run and replay.
struct ProgramShape {
  std::string structure;  // a built-in program's name; the first one by default
  int threads = 3;
  int calls = 3;
  bool atomics_only = false;
};

/// `lineup run`: exit 0 when every execution completed and passed the program's check, 1
/// otherwise, 2 on an unknown program or strategy.
class RunCommand : public Command {
 public:
  explicit RunCommand(CLI::App& app);
  bool parsed() const override { return command_->parsed(); }
  ExitStatus run() override;

 private:
  CLI::App* command_;
  ProgramShape shape_;
  engine::StrategyConfig config_;
  std::string strategy_ = "random";
  bool show_trace_ = false;
};

/// `lineup replay WHAT`: a schedule token (s1:...) replays a built-in program (exit 1 when
/// it fails); anything else is a counterexample file (see replay_file).
class ReplayCommand : public Command {
 public:
  explicit ReplayCommand(CLI::App& app);
  bool parsed() const override { return command_->parsed(); }
  ExitStatus run() override;

 private:
  CLI::App* command_;
  ProgramShape shape_;
  std::string what_;
  bool full_trace_ = false;  // --full-trace
};

/// `lineup list [--all]`: one line per registered structure (name, the model's kind, origin,
/// description), then the built-in programs of `run`. In a hunter with structures of its own
/// (Target::built_in false), only those and a hint at --all, which lists everything.
class ListCommand : public Command {
 public:
  explicit ListCommand(CLI::App& app);
  bool parsed() const override { return command_->parsed(); }
  ExitStatus run() override;

 private:
  CLI::App* command_;
  bool all_ = false;
};

}  // namespace lineup::cli
