#include "engine/memory/memory_model.h"

namespace lineup::engine {

const char* to_string(MemoryModel model) { return model == MemoryModel::kC11 ? "c11" : "sc"; }

std::optional<MemoryModel> parse_memory_model(std::string_view name) {
  if (name == "sc") return MemoryModel::kSc;
  if (name == "c11") return MemoryModel::kC11;
  return std::nullopt;
}

}  // namespace lineup::engine
