#include "lineup/hunt/repeats.h"

#include "generator/programs.h"

namespace lineup::hunt {

bool RepeatedPrograms::repeated(uint64_t index, const specs::TestProgram& program) {
  for (; next_ < index; ++next_)
    programs_.insert(generator::sample(gen_, seed_, next_).describe(model_));
  next_ = index + 1;
  return !programs_.insert(program.describe(model_)).second;
}

HuntOptions resampling(const HuntOptions& options) {
  HuntOptions out = options;
  if (engine::is_systematic(options.search.strategy)) {
    out.search.strategy = engine::StrategyKind::kPos;
  }
  return out;
}

}  // namespace lineup::hunt
