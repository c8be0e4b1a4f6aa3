#include "lineup/cli/program_name.h"

#include <filesystem>

namespace lineup::cli {
namespace {

std::string& name() {
  static std::string the_name = "lineup";
  return the_name;
}

}  // namespace

void set_program_name(const char* argv0) {
  if (argv0 == nullptr) return;
  std::string base = std::filesystem::path(argv0).filename().string();
  if (!base.empty()) name() = base;
}

const std::string& program_name() { return name(); }

}  // namespace lineup::cli
