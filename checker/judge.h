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
// the order allows (against phase 1).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "checker/boundary_order.h"
#include "checker/history.h"
#include "checker/interleavings.h"
#include "checker/phase1.h"
#include "checker/shortcuts/flat_table.h"
#include "checker/shortcuts/interleaving_walk.h"
#include "checker/shortcuts/linearization_graph.h"
#include "checker/shortcuts/passed_boundary_orders.h"
#include "checker/shortcuts/serial_linearizations.h"
#include "checker/shortcuts/shortcut_tally.h"
#include "checker/shortcuts/witnesses.h"
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
  /// Why the execution passes() has just refused is not linearizable.
  std::string why_not(const std::vector<int>& results, const engine::Trace& trace);
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
  // Whether the init prefix's results are the model's (always true against phase 1).
  bool init_ok(const std::vector<int>& results) const;
  // Whether some order respecting the union relation (relation_) gives `outcome`: a kept
  // witness, else a search, and neither when the union has a cycle.
  bool union_respected(uint32_t outcome);
  // Whether every acyclic relation within the union relation (relation_), as every
  // interleaving's relation is, is respected by some order giving `outcome`, shown for a few
  // relations that cover them: the union, split while it has a cycle into the relations each
  // without one of the cycle's edges across threads (each interleaving's relation lacks one).
  // False when that takes more than kMaxParts relations or kMaxDepth splits.
  bool every_acyclic_part_respected(uint32_t outcome);
  // The same for parts_ at `depth`, counting the relations looked at in `asked`.
  bool part_respected(uint32_t outcome, size_t depth, size_t* asked);
  static constexpr size_t kMaxParts = 8, kMaxDepth = 6;
  // The most relations why() enumerates to report the first failing one in trace order, and
  // that every_relation_legal() enumerates against phase 1.
  static constexpr size_t kMaxReportedRelations = size_t{1} << 12;
  static constexpr size_t kMaxCheckedRelations = size_t{1} << 16;
  // The fewest pairs of calls each before the other in a union that need more than
  // kMaxParts parts (see every_acyclic_part_respected()).
  static constexpr size_t kTooManyTwoCycles = [] {
    size_t k = 0;
    while ((size_t{2} << k) - 1 <= kMaxParts) ++k;
    return k;
  }();
  // Whether every relation order_ allows admits a legal order for `outcome` (a memo miss,
  // after the union of those relations admitted none).
  bool every_relation_legal(uint32_t outcome);
  // Whether relation i of the last enumeration admits a legal order for `outcome`.
  bool legal(uint32_t outcome, size_t i);
  // Whether some order respecting `precedes` gives `outcome`: a kept witness, else a search
  // (whose order is then kept).
  bool respected(uint32_t outcome, const uint64_t* precedes);
  // The search of respected(), without the witnesses.
  bool searched(uint32_t outcome, const uint64_t* precedes);
  uint32_t outcome(const std::vector<int>& results);
  // Why order_ with `results` fails, for the report: the orderings of one failing relation.
  std::string why(const std::vector<int>& results, const engine::Trace& trace);
  std::string explain(const std::vector<CallRecord>& calls, const std::vector<int>& results,
                      const Precedence& precedes) const;

  const specs::Target& target_;
  const specs::TestProgram& program_;
  const SerialOutcomes* serial_;
  bool dependency_aware_;
  specs::State after_init_;        // the model's state after the init prefix
  std::vector<int> init_results_;  // the model's results for it (none against phase 1)
  BoundaryOrder order_;
  Interleavings interleavings_;
  InterleavingWalk walk_;
  std::optional<LinearizationGraph> linearization_graph_;
  std::optional<SerialLinearizations> serial_linearizations_;
  FlatTable verdicts_;  // (results, boundary order) -> passes
  Witnesses witnesses_;
  // Per outcome, the last unions whose acyclic parts were all respected.
  Witnesses respected_unions_;
  PassedBoundaryOrders passed_orders_;  // orders that passed (a memo miss), per outcome
  std::vector<uint32_t> key_;
  std::vector<uint64_t> relation_;
  std::vector<uint64_t> parts_;      // per depth, relation_ less some edges
  std::vector<int> cycle_;           // the cycle found in a part
  std::vector<int> thread_of_call_;  // per call
  std::vector<int> chain_;           // a total relation's one order
  // serial_calls() costs about 290 instructions and unique_linearization() about 150 on a lock-free
  // structure's executions, where they seldom succeed.
  ShortcutTally serial_calls_, unique_linearizations_;
  // Looking for a cycle in the union before the kept witnesses saves their scan (about 450
  // instructions with 16 kept) on a cyclic union and costs about 150 on another: worth it
  // where at least one union in 4 is cyclic.
  ShortcutTally cyclic_unions_{4};
  engine::HappensBefore hb_;  // for callers without one
  uint64_t undetermined_ = 0;
  bool gave_up_ = false;  // the enumeration of this verdict's relations gave up
};

}  // namespace lineup::checker
