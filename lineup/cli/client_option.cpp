#include "lineup/cli/client_option.h"

#include <cstdio>

#include "generator/client.h"

namespace lineup::cli {

bool use_client(const std::string& text, const specs::Target& target, hunt::HuntOptions& options) {
  generator::Client client;
  try {
    client = generator::parse_client(*target.model, text, hunt::client_limits());
  } catch (const generator::ClientError& e) {
    std::fprintf(stderr, "lineup: bad --client for %s: %s\n  %s\n  %s^\n", target.name.c_str(),
                 e.what(), text.c_str(), std::string(e.column() - 1, ' ').c_str());
    return false;
  }
  if (std::string why = generator::role_violation(client, target); !why.empty()) {
    std::fprintf(stderr, "lineup: --client '%s' breaks the roles: %s\n", text.c_str(), why.c_str());
    return false;
  }
  options.client = std::move(client);
  return true;
}

}  // namespace lineup::cli
