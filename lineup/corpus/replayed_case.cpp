#include "lineup/corpus/replayed_case.h"

#include "engine/strategy/replay.h"
#include "lineup/hunt/search.h"

namespace lineup::corpus {

ReplayedCase replay_case(const Counterexample& c) {
  ReplayedCase out;
  out.target = specs::find_target(c.structure);
  if (out.target == nullptr) throw CounterexampleError("field 'structure': not registered");
  hunt::HuntOptions options = c.replay_options();
  out.engine = hunt::make_engine(*out.target, options, static_cast<int>(c.program.threads.size()));
  // The verdict as the hunt judges it, then the same execution once more for its trace (the
  // judge's replay leaves no trace with its results behind).
  out.verdict = hunt::replay_schedule(*out.engine, *out.target, c.program, c.schedule, options);
  out.results.assign(c.program.results_size(), 0);
  engine::Program p = out.target->instantiate(c.program, &out.results);
  engine::ReplayStrategy replay(c.schedule);
  out.execution = &out.engine->run(p, replay);
  return out;
}

}  // namespace lineup::corpus
