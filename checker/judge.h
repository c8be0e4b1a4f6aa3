// Phase 2 for one test program: the verdict on each explored execution, against either the
// sequential model or the implementation's own serial outcomes (phase 1). A verdict depends
// only on the results and on the order the execution induces on its calls' boundary events.
// Most executions are settled by one legal order respecting every relation that order allows
// (calls that ran one after another, or a total order, allow one order, which is followed;
// else a kept witness, else one search of the program's legal orders), or, when overlapping
// calls make that relation cyclic, by one order for each of a few acyclic relations that
// cover every interleaving's (remembered per union relation and results, as that depends on
// nothing else); the rest are memoised on (results, order) in a flat table, and a miss walks
// the order's interleavings once (against the model) or asks the search once per relation
// the order allows (against phase 1). Each of those caches is a piece of checker/shortcuts/
// with its own lookups and insertions; ProgramJudge holds them and takes each execution
// through them in turn.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "checker/boundary_order.h"
#include "checker/history.h"
#include "checker/interleavings.h"
#include "checker/phase1.h"
#include "checker/shortcuts/interleaving_walk.h"
#include "checker/shortcuts/linearization_search.h"
#include "checker/shortcuts/model_moves.h"
#include "checker/shortcuts/passed_boundary_orders.h"
#include "checker/shortcuts/respected_unions.h"
#include "checker/shortcuts/single_order.h"
#include "checker/shortcuts/verdict_memo.h"
#include "checker/shortcuts/witness_search.h"
#include "engine/memory/happens_before.h"
#include "engine/trace.h"
#include "specs/structure.h"

namespace lineup::checker {

/// Why an execution is not linearizable, in words for the report.
struct Verdict {
  bool ok = true;
  std::string why;  // empty when ok
};

class ProgramJudge {
 public:
  /// Judges executions of `program` on `target`. `serial`: the implementation's serial
  /// outcomes (phase 1) as the specification; nullptr: the target's model.
  /// `dependency_aware`: judge every execution equivalent to the one explored (van den Hooff 2014
  /// sec. 3.4); false: classic Line-Up, on the real-time order of this execution only.
  /// `moves`: target.model's moves, kept across programs by the caller (which must not
  /// limit() them while this judge lives); nullptr: the judge keeps its own.
  ProgramJudge(const specs::Target& target, const specs::TestProgram& program,
               const SerialOutcomes* serial, bool dependency_aware, ModelMoves* moves = nullptr);

  /// The verdict on an execution with `trace` whose calls returned `results` (layout of
  /// specs::TestProgram::results_size).
  Verdict judge(const std::vector<int>& results, const engine::Trace& trace);
  /// The same, with the trace's happens-before already computed (nullptr: computed here).
  Verdict judge(const std::vector<int>& results, const engine::Trace& trace,
                const engine::HappensBefore* hb);
  /// Whether judge() would find the execution linearizable, without words for the report
  /// (what most executions need).
  bool passes(const std::vector<int>& results, const engine::Trace& trace,
              const engine::HappensBefore* hb);
  /// Why the execution passes() has just refused is not linearizable, or, in c11 mode, which
  /// promised synchronisation it lacks (synchronization.h).
  std::string why_not(const std::vector<int>& results, const engine::Trace& trace);
  /// Whether the last why_not() named missing synchronisation, the values being linearizable.
  bool refused_for_synchronization() const { return unsynchronized_; }
  /// How many executions passes() let pass undetermined: the check of their relations gave
  /// up (kMaxWork steps or LinearizationGraph::kMaxNodes new nodes of the search against the
  /// model, kMaxCheckedRelations relations against phase 1) without finding a failing one.
  uint64_t undetermined() const { return undetermined_; }
  /// The steps (LinearizationGraph::budget()) each verdict may take.
  static constexpr uint64_t kMaxWork = uint64_t{1} << 22;

 private:
  // c11 mode (the trace has CallClocks): whether some legal order of the calls respects
  // happens-before between them, x before y when y's invocation knows x's response (Batty,
  // Dodds, Gotsman, Library abstraction for C/C++ concurrency, POPL 2013: linearizability
  // with happens-before in place of real time). The interleaving's real-time order is no
  // guide there: a load may read a stale value however late it runs.
  Verdict judge_happens_before(const std::vector<int>& results, const engine::Trace& trace);
  // The most relations why() enumerates to report the first failing one in trace order, and
  // that every_relation_legal() enumerates against phase 1.
  static constexpr size_t kMaxReportedRelations = size_t{1} << 12;
  static constexpr size_t kMaxCheckedRelations = size_t{1} << 16;
  // Whether every relation order_ allows admits a legal order for `outcome` (a memo miss,
  // after the union of those relations admitted none).
  bool every_relation_legal(uint32_t outcome);
  // Whether relation i of the last enumeration admits a legal order for `outcome`.
  bool legal(uint32_t outcome, size_t i);
  // Why order_ with `results` fails, for the report: the orderings of one failing relation.
  std::string why(const std::vector<int>& results, const engine::Trace& trace);
  std::string explain(const std::vector<CallRecord>& calls, const std::vector<int>& results,
                      const Precedence& precedes) const;

  const specs::Target& target_;
  const specs::TestProgram& program_;
  bool unsynchronized_ = false;  // the last why_not()'s refusal
  const SerialOutcomes* serial_;
  bool dependency_aware_;
  // The execution at hand's boundary order, and a relation on its calls (the union of those
  // the boundary order allows, one of them, or happens-before in c11 mode).
  BoundaryOrder order_;
  std::vector<uint64_t> relation_;
  engine::HappensBefore hb_;  // for callers without one
  // The pieces passes() asks (docs/checker.md, "The decision path"), each keeping what it
  // learns for the whole program.
  SingleOrderShortcuts single_order_;   // serial calls, a total union: how often they succeed
  LinearizationSearch search_;          // the model's search graph, or phase 1's trie
  WitnessSearch witnesses_;             // the last linearizations found, per outcome
  RespectedUnions respected_unions_;    // unions whose acyclic parts were all respected
  VerdictMemo verdicts_;                // (results, boundary order) -> passes
  PassedBoundaryOrders passed_orders_;  // boundary orders that passed (a memo miss), per outcome
  InterleavingWalk walk_;               // the positions a walk explored (against the model)
  Interleavings interleavings_;         // a boundary order's relations (phase 1, reports)
  uint64_t undetermined_ = 0;
  bool gave_up_ = false;  // the enumeration of this verdict's relations gave up
};

}  // namespace lineup::checker
