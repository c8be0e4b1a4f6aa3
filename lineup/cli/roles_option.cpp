#include "lineup/cli/roles_option.h"

#include <algorithm>
#include <sstream>

namespace lineup::cli {

std::string roles_client_text(const std::string& roles, int calls, const specs::Model& model,
                              std::string* error) {
  const std::vector<std::string>& names = model.operation_names();
  std::string text;
  std::stringstream in(roles);
  std::string role;
  while (std::getline(in, role, ',')) {
    const size_t eq = role.find('=');
    const std::string op = role.substr(0, eq);
    if (std::find(names.begin(), names.end(), op) == names.end()) {
      *error = "'" + op + "' is no operation of the structure";
      return "";
    }
    int threads = 0;
    size_t used = 0;
    try {
      if (eq != std::string::npos) threads = std::stoi(role.substr(eq + 1), &used);
    } catch (const std::exception&) {
      threads = 0;
    }
    if (eq == std::string::npos || threads < 1 || used != role.size() - eq - 1) {
      *error = "'" + role + "' is not OP=N with N a number of threads (1 or more)";
      return "";
    }
    std::string thread;
    for (int c = 0; c < calls; ++c) thread += (c == 0 ? "" : " ") + op + "()";
    for (int t = 0; t < threads; ++t) text += (text.empty() ? "" : " | ") + thread;
  }
  if (text.empty()) *error = "no role given (e.g. push=2,pop=2)";
  return text;
}

}  // namespace lineup::cli
