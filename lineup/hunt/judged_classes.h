// The classes of one program's executions that have been judged. The dependency-aware verdict
// is the same for every execution of a class, so an execution of a class judged linearizable
// is not judged again (strategies other than DPOR revisit classes: CB-DPOR through iterative
// deepening and its preemption-only sleep sets, random and PCT by chance).
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "lineup/hunt/fingerprint_set.h"

namespace lineup::hunt {

class JudgedClasses {
 public:
  /// Whether class `fingerprint` was judged linearizable before. A new class is entered now,
  /// in the one probe that finds it new (a second probe after its check would find the slot
  /// evicted by the check), and taken for linearizable from then on unless failed() says
  /// otherwise.
  /// `*entered` tells whether it was entered now (a class not seen before).
  bool known_linearizable(uint64_t fingerprint, bool* entered) {
    *entered = classes_.insert(fingerprint);
    return !*entered && std::find(failed_.begin(), failed_.end(), fingerprint) == failed_.end();
  }
  /// Whether class `fingerprint` was entered.
  bool contains(uint64_t fingerprint) const { return classes_.contains(fingerprint); }
  /// Class `fingerprint`, entered by known_linearizable(), is not linearizable: its executions
  /// are judged each time they come.
  void failed(uint64_t fingerprint) { failed_.push_back(fingerprint); }

 private:
  FingerprintSet classes_{1024};  // a program rarely has more classes than that
  std::vector<uint64_t> failed_;  // few: a violation ends most searches
};

}  // namespace lineup::hunt
