// The verdict of checker::ProgramJudge stated as plainly as possible, for the differential
// test (tests/checker/judge_differential_test.cpp) to hold the judge against. It includes
// nothing from checker/ and searches differently: where the judge searches a graph of (calls
// done, model state) with memoised dead ends and walks the interleavings of the boundary order
// once, this replays permutations of the calls against the model one by one, and goes through
// every sequence of the calls' boundary events an equivalent execution could show, keeping
// the largest relations they give (reference_judge.cpp). Brute force, for the small programs
// of the tests; not used by lineup itself.
#pragma once

#include <map>
#include <vector>

#include "engine/memory/happens_before.h"
#include "engine/trace.h"
#include "specs/model.h"
#include "specs/test_program.h"

namespace lineup::reference {

/// An implementation's own serial outcomes (Line-Up's phase 1): every call's results
/// (thread-major, then the init prefix) -> the orders of the calls (indices, thread-major)
/// that produced them when the calls ran one after another.
using SerialOrders = std::map<std::vector<int>, std::vector<std::vector<int>>>;

class Relation;

/// The verdict on the executions of one program. An execution passes when, for the one
/// precedence relation of the interleaving that ran (classic) or for each relation of an
/// interleaving equivalent to it (dependency-aware), some order of the calls respecting it is
/// legal: the model, from its state after the init prefix, gives every call the result it
/// returned (or, against phase 1, the order is one of the serial orders that produced these
/// results).
class ReferenceJudge {
 public:
  /// `serial`: phase 1's outcomes as the specification; nullptr: `model`.
  ReferenceJudge(const specs::Model& model, const specs::TestProgram& program,
                 const SerialOrders* serial, bool dependency_aware);

  /// Whether the execution with `trace` (every call completed; happens-before `hb` of all
  /// its steps) whose calls returned `results` passes.
  bool judge(const std::vector<int>& results, const engine::Trace& trace,
             const engine::HappensBefore& hb);

 private:
  // Whether some order of the calls that respects `relation` is legal for `results`.
  bool legal(const std::vector<int>& results, const Relation& relation);

  const specs::Model& model_;
  const specs::TestProgram& program_;
  const SerialOrders* serial_;
  bool dependency_aware_;
  std::vector<specs::Operation> operations_;  // the calls' operations, thread-major
};

}  // namespace lineup::reference
