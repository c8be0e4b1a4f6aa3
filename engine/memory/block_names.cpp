#include "engine/memory/block_names.h"

namespace lineup::engine {

std::string BlockNames::name(const BlockInfo& b, size_t step) const {
  uint32_t first = b.ordinal;
  uint32_t rank = 1;
  bool reused = false;
  for (const Reuse& r : reuses_) {
    if (r.start != b.start) continue;
    if (!reused) first = r.replaced;
    reused = true;
    if (r.step <= step) ++rank;
  }
  std::string out = "#" + std::to_string(first);
  if (rank > 1) out += "." + std::to_string(rank);
  return out;
}

uintptr_t BlockNames::site(const BlockInfo& b, size_t step) const {
  // The block there at `step`: the latest allocated at the place by then; the first one, whose
  // number the first reuse remembers, when none was yet.
  uint32_t ordinal = b.ordinal;
  bool reused = false;
  for (const Reuse& r : reuses_) {
    if (r.start != b.start) continue;
    if (!reused) ordinal = r.replaced;
    reused = true;
    if (r.step <= step) ordinal = r.ordinal;
  }
  return ordinal < sites_.size() ? sites_[ordinal] : 0;
}

}  // namespace lineup::engine
