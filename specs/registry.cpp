#include "specs/registry.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <exception>

#include "specs/structure.h"

namespace lineup::specs {
namespace {

std::vector<Target>& registry() {
  static std::vector<Target> all;
  return all;
}

[[noreturn]] void fail(const std::string& message) {
  std::fprintf(stderr, "lineup: bad structure declaration: %s\n", message.c_str());
  std::exit(3);
}

}  // namespace

void register_target(const Target& target) {
  if (target.name.empty()) fail("a structure has no name");
  if (target.model == nullptr) fail(target.name + ": no model");
  if (find_target(target.name) != nullptr) fail(target.name + ": registered twice");
  std::vector<Target>& all = registry();
  auto at = std::lower_bound(all.begin(), all.end(), target.name,
                             [](const Target& t, const std::string& n) { return t.name < n; });
  all.insert(at, target);
}

void register_target_or_exit(Target (*build)(), bool built_in) {
  try {
    Target target = build();
    target.built_in = built_in;
    register_target(target);
  } catch (const std::exception& e) {
    fail(e.what());
  }
}

const std::vector<Target>& registered_targets() { return registry(); }

const Target* find_target(const std::string& name) {
  for (const Target& t : registry()) {
    if (t.name == name) return &t;
  }
  return nullptr;
}

}  // namespace lineup::specs
