// Verification of one client: every schedule of one program explored to the end by an
// unbounded partial-order reduction (DPOR), every execution judged, so that "no violation"
// means no schedule of that program has one (within what the engine sees), not only none was
// found. `lineup verify` runs it; a budget or a cap stops it short, with an estimate of the
// whole search (tree_estimate.h).
#pragma once

#include <cstdint>
#include <functional>

#include <string>
#include <vector>

#include "generator/client.h"
#include "lineup/hunt/hunt.h"
#include "lineup/hunt/prefix_split.h"
#include "lineup/hunt/search.h"

namespace lineup::hunt {

/// The strategy a verification explores with, by its factory name: the unbounded DPOR, which
/// reports its coverage exhaustive once every class has been explored. In c11 mode: unbounded
/// dfs with sleep sets (every schedule and read choice up to the order of independent steps),
/// its classes the execution graphs (engine/memory/execution_graph.h).
inline constexpr const char* kVerifyStrategy = "dpor";

/// The one program of `client`: each argument it leaves out is filled, in order (the init
/// prefix, then thread by thread, call by call), with 1, 2, 3, ...: distinct values, so that
/// every value a pop returns tells which push it came from.
specs::TestProgram client_program(const generator::Client& client, const specs::Model& model);

/// The same client with those arguments given, so that shrinking keeps them.
generator::Client filled_client(const generator::Client& client, const specs::Model& model);

/// When a verification stops short of the whole search.
struct VerifyLimits {
  double deadline = 0;          // coarse clock seconds (cheap_clocks.h); 0: none
  uint64_t max_executions = 0;  // executions, abandoned ones included; 0: none
};

struct VerifyResult {
  /// The search: executions, abandoned executions, coverage counters, the violation found.
  ProgramSearch search;
  uint64_t classes = 0;  // distinct classes among the executions
  double seconds = 0;
  /// The search explored every class of the program, without a violation.
  bool completed = false;
  /// The search ran to its end but does not claim every class (DporStrategy::coverage: a
  /// thread a wakeup sequence was to run was blocked there, and classes may have been missed).
  bool ended_unclaimed = false;
  /// When not completed: the estimated executions of the whole search (0: no estimate).
  double estimated_executions = 0;
  /// The estimate is of the part of the search tree entered so far: the search has not backed
  /// up to some nodes that may branch, and their other branches are not estimated
  /// (TreeEstimate::unsettled), so the whole may be much bigger.
  bool estimate_is_lower = false;
  /// Parts of a split search (prefix_split.h) searched, and in all; 1 and 1 unsplit.
  size_t parts_searched = 0, parts = 0;
  /// --jobs: workers that died, each said once; the verification is then not completed.
  std::vector<std::string> internal_errors;
};

/// Called as a verification goes on, after each execution it counts: the classes and
/// executions counted so far.
using VerifyProgress = std::function<void(uint64_t classes, uint64_t executions)>;

/// Explores `program` of `target` with kVerifyStrategy (options give the replay settings and
/// the check; their strategy, bound and cap are replaced) until it is done, a violation is
/// found, `limits` stop it or a stop is requested (interruption.h).
VerifyResult verify(const specs::Target& target, const specs::TestProgram& program,
                    const HuntOptions& options, const VerifyLimits& limits,
                    const VerifyProgress& progress = {});

/// The same for the parts `parts` of the search (prefix_split.h), one after another: each
/// explores the executions starting with its prefix, and counts and judges those whose class
/// it owns (ProgramSearch::foreign counts the others). `limits` hold for them together.
VerifyResult verify_parts(const specs::Target& target, const specs::TestProgram& program,
                          const HuntOptions& options, const VerifyLimits& limits,
                          const std::vector<Prefix>& parts, const VerifyProgress& progress = {});

/// Hands out the parts of a split search one at a time. Searches that share one (worker
/// processes) take a part whenever they finish one, so that parts of uneven size even out.
struct PartSource {
  std::function<const Prefix*()> take;  // the next part; nullptr once none is left
  std::function<bool()> any_left;       // whether take() would give one
};

/// verify_parts() on the parts `source` hands out until it has none left or the search stops
/// short. The result counts only those parts: `parts_searched` is how many it took (the one
/// it stopped in included), its estimate covers them alone, and `parts` is left 0 for the
/// caller, who knows them all, to set with note_untaken_parts().
VerifyResult verify_taken_parts(const specs::Target& target, const specs::TestProgram& program,
                                const HuntOptions& options, const VerifyLimits& limits,
                                const PartSource& source, const VerifyProgress& progress = {});

/// Completes `result` of the parts taken so far to the whole split into `parts`: a search
/// stopped short with parts not begun cannot be completed, and its estimate, of the parts
/// taken alone, is a lower one (parts differ in size by orders of magnitude, the first ones
/// holding most classes: a mean of those taken says nothing of the others).
void note_untaken_parts(VerifyResult& result, size_t parts);

/// The options a verification runs with: `options` with kVerifyStrategy, no bound, `limits`'
/// cap, one violation.
HuntOptions verify_options(const HuntOptions& options, const VerifyLimits& limits);

/// The verification as a hunt of one program, for the hunt's coverage words (coverage.h),
/// its report of violations and its archiving.
HuntResult as_hunt_result(const VerifyResult& result);

}  // namespace lineup::hunt
