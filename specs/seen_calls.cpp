#include "specs/seen_calls.h"

namespace lineup::specs {
namespace {

std::vector<SeenCall>& declared() {
  static std::vector<SeenCall> calls;
  return calls;
}

}  // namespace

void declare_seen_call(std::string function, std::string why) {
  declared().push_back({std::move(function), std::move(why)});
}

const std::vector<SeenCall>& declared_seen_calls() { return declared(); }

}  // namespace lineup::specs
