// Random recorded executions for the checker oracle: threads making queue or stack calls,
// each call a few memory steps (reads, writes, read-modify-writes, failed CASes) on one or
// two locations, the steps interleaved in one recorded order, and a result for every call.
// Nothing here depends on lineup.
#pragma once

#include <rapidcheck.h>

#include <string>
#include <vector>

namespace oracle {

/// A memory step of a call. A failed CAS only reads.
struct MemStep {
  enum Kind { kRead, kWrite, kRmw, kFailedCas } kind = kRead;
  int location = 0;
};

/// One call: push(arg) (op 0) or pop() (op 1), what it returned, and its steps.
struct HistoryCall {
  int op = 0;
  int arg = 0;
  int result = 0;  // push: 1; pop: a value, or kPopEmpty
  std::vector<MemStep> steps;
};

inline constexpr int kPopEmpty = -1;

struct History {
  std::vector<std::vector<HistoryCall>> threads;
  /// The recorded interleaving: the thread of each step, in execution order.
  std::vector<int> order;
  int calls() const;
};

/// Histories of 2-3 threads, at most 5 calls in all, 0-3 steps per call on 1-2 locations;
/// pops return "empty" or a value some push of the history pushes.
rc::Gen<History> gen_history();

/// "T0: push(1)->1 [w0 r1] | T1: pop()->empty [c0]; order 0 1 0" for failure messages.
std::string describe(const History& history);

}  // namespace oracle
