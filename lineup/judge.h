// Phase 2 for one test program: the verdict on each explored execution, against either the
// sequential model or the implementation's own serial outcomes (phase 1), memoized on
// (results, precedence) so that most executions cost a lookup.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "checker/history.h"
#include "lineup/engine/happens_before.h"
#include "lineup/engine/trace.h"
#include "lineup/phase1.h"
#include "specs/structure.h"

namespace lineup {

/// Why an execution is not linearizable, in words for the report.
struct Verdict {
  bool ok = true;
  std::string why;  // empty when ok
};

class ProgramJudge {
 public:
  /// Judges executions of `program` on `target`. `serial`: the implementation's serial
  /// outcomes (phase 1) as the specification; nullptr: the target's model.
  /// `dependency_aware`: judge every execution equivalent to the one explored (seed 004
  /// sec. 3.4); false: classic Line-Up, on the real-time order of this execution only.
  ProgramJudge(const specs::Target& target, const specs::TestProgram& program,
               const SerialOutcomes* serial, bool dependency_aware);

  /// The verdict on an execution with `trace` whose calls returned `results` (layout of
  /// specs::TestProgram::results_size).
  Verdict judge(const std::vector<int>& results, const engine::Trace& trace);
  /// The same, with the trace's happens-before already computed.
  Verdict judge(const std::vector<int>& results, const engine::Trace& trace,
                const engine::HappensBefore* hb);

 private:
  bool legal(const std::vector<checker::CallRecord>& calls, const std::vector<int>& results,
             const checker::Precedence& precedes);
  std::string explain(const std::vector<checker::CallRecord>& calls,
                      const std::vector<int>& results, const checker::Precedence& precedes) const;

  const specs::Target& target_;
  const specs::TestProgram& program_;
  const SerialOutcomes* serial_;
  bool dependency_aware_;
  std::map<std::pair<std::vector<int>, checker::Precedence>, bool> verdicts_;
};

/// "T1[0].pop()": call `flat` (thread-major index) of `program`.
std::string describe_call(const specs::Model& model, const specs::TestProgram& program, int flat);

/// "T0[0].push(1), T1[0].pop()": calls (thread-major indices) in the given order.
std::string describe_order(const specs::Model& model, const specs::TestProgram& program,
                           const std::vector<int>& order);

/// "  T0: push(1) -> 1, pop() -> empty" lines, one per thread (and the init prefix).
std::string describe_calls(const specs::Model& model, const specs::TestProgram& program,
                           const std::vector<int>& results);

}  // namespace lineup
