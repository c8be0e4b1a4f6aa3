// The dependency-aware Line-Up verdict as lineup computed it before the flat, memoised
// checker: kept only as the oracle of the differential test
// (tests/checker/judge_differential_test), so that every change to the fast path is compared with
// this plain, obviously-correct version. Not used by lineup itself.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <utility>
#include <vector>

#include "checker/history.h"
#include "engine/memory/happens_before.h"
#include "engine/trace.h"
#include "specs/structure.h"

namespace lineup::reference {

/// A sequential order of `calls` (indices) that respects `precedes` and gives every call its
/// result under `model` from `initial`, or nullopt. Depth-first with a dead-end set.
std::optional<std::vector<int>> linearize(const specs::Model& model,
                                          const std::vector<checker::CallRecord>& calls,
                                          const checker::Precedence& precedes,
                                          const specs::State& initial);

/// x precedes y iff x responded before y was invoked in this interleaving (trace order).
checker::Precedence real_time_precedence(const engine::Trace& trace);

/// Every most-constraining precedence over the executions equivalent to `trace` (trace order).
std::vector<checker::Precedence> equivalent_precedences(const engine::Trace& trace, int threads,
                                                        const engine::HappensBefore& hb);

/// The verdict on one program's executions against its model, memoised on
/// (results, precedence) as before; `serial` (phase 1 outcomes: results -> serial orders) is
/// used instead of the model when given.
class ReferenceJudge {
 public:
  ReferenceJudge(const specs::Model& model, const specs::TestProgram& program,
                 const std::map<std::vector<int>, std::vector<std::vector<int>>>* serial,
                 bool dependency_aware);

  /// Whether the execution with `trace` (happens-before `hb`) and `results` passes.
  bool judge(const std::vector<int>& results, const engine::Trace& trace,
             const engine::HappensBefore& hb);

 private:
  bool legal(const std::vector<checker::CallRecord>& calls, const std::vector<int>& results,
             const checker::Precedence& precedes);

  const specs::Model& model_;
  const specs::TestProgram& program_;
  const std::map<std::vector<int>, std::vector<std::vector<int>>>* serial_;
  bool dependency_aware_;
  std::map<std::pair<std::vector<int>, checker::Precedence>, bool> verdicts_;
};

}  // namespace lineup::reference
