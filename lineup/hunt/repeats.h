// Programs a hunt has searched before. A client (HuntOptions::client) gives the same program
// again whenever it leaves no argument out, and often when it leaves few: searching a repeat
// with the systematic strategy again would run the same executions again. A repeat is
// searched by sampling instead, a different sample at each index.
#pragma once

#include <rapidcheck.h>

#include <cstdint>
#include <set>
#include <string>

#include "lineup/hunt/hunt.h"

namespace lineup::hunt {

/// Which programs of a hunt's sequence repeat one at an earlier index of the same sequence,
/// wherever that index falls (in another shard or --jobs worker too), so that every process
/// agrees which occurrence is the first.
class RepeatedPrograms {
 public:
  /// The sequence of `gen` from `seed` (generator::sample), whose programs `model` describes.
  RepeatedPrograms(rc::Gen<specs::TestProgram> gen, uint64_t seed, const specs::Model& model)
      : gen_(std::move(gen)), seed_(seed), model_(model) {}

  /// Whether `program`, the program at `index` of the sequence, occurs at an earlier index.
  /// Indices must increase from call to call; those skipped are drawn here to be known.
  bool repeated(uint64_t index, const specs::TestProgram& program);

 private:
  rc::Gen<specs::TestProgram> gen_;
  uint64_t seed_;
  const specs::Model& model_;
  uint64_t next_ = 0;               // the first index not drawn yet
  std::set<std::string> programs_;  // those of indices below next_, described
};

/// The options that search a repeated program: the options' own strategy when it samples,
/// else POS (the portfolio's sampler), which runs up to options.search.executions_per_program
/// executions from a seed of its own at each index.
HuntOptions resampling(const HuntOptions& options);

}  // namespace lineup::hunt
