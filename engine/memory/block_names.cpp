#include "engine/memory/block_names.h"

namespace lineup::engine {

BlockNames::AtPlace BlockNames::at_place(const BlockInfo& b, size_t step) const {
  // Before any reuse at the place, its first block's number is `b`'s own; the first reuse
  // remembers it (the block it replaced) once `b` is a later one.
  AtPlace out{b.ordinal, 1, b.ordinal};
  bool reused = false;
  for (const Reuse& r : reuses_) {
    if (r.start != b.start) continue;
    if (!reused) out.first = out.ordinal = r.replaced;
    reused = true;
    if (r.step <= step) {
      ++out.rank;
      out.ordinal = r.ordinal;
    }
  }
  return out;
}

std::string BlockNames::name(const BlockInfo& b, size_t step) const {
  AtPlace at = at_place(b, step);
  std::string out = "#" + std::to_string(at.first);
  if (at.rank > 1) out += "." + std::to_string(at.rank);
  return out;
}

BlockNames::Allocation BlockNames::allocation(const BlockInfo& b, size_t step) const {
  uint32_t ordinal = at_place(b, step).ordinal;
  return ordinal < allocations_.size() ? allocations_[ordinal] : Allocation{};
}

}  // namespace lineup::engine
