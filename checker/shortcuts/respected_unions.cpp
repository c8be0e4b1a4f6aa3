#include "checker/shortcuts/respected_unions.h"

#include <algorithm>

#include "checker/shortcuts/cycles.h"

namespace lineup::checker {
namespace {

std::vector<int> thread_of_each_call(const std::vector<size_t>& calls_per_thread) {
  std::vector<int> thread_of_call;
  for (size_t t = 0; t < calls_per_thread.size(); ++t) {
    thread_of_call.insert(thread_of_call.end(), calls_per_thread[t], static_cast<int>(t));
  }
  return thread_of_call;
}

}  // namespace

RespectedUnions::RespectedUnions(const std::vector<size_t>& calls_per_thread)
    : thread_of_call_(thread_of_each_call(calls_per_thread)),
      kept_(thread_of_call_.size()),
      parts_(kMaxDepth * thread_of_call_.size(), 0),
      cycle_(kMaxDepth * thread_of_call_.size(), 0) {}

bool RespectedUnions::every_acyclic_part_respected(uint32_t outcome, const uint64_t* union_relation,
                                                   WitnessSearch& witnesses,
                                                   LinearizationSearch& search) {
  const size_t calls = thread_of_call_.size();
  if (two_cycles(union_relation, calls, kTooManyTwoCycles) == kTooManyTwoCycles) return false;
  size_t asked = 0;
  std::copy(union_relation, union_relation + calls, parts_.begin());
  if (!part_respected(outcome, 0, &asked, witnesses, search)) return false;
  kept_.add(outcome, union_relation);
  return true;
}

bool RespectedUnions::part_respected(uint32_t outcome, size_t depth, size_t* asked,
                                     WitnessSearch& witnesses, LinearizationSearch& search) {
  if (++*asked > kMaxParts) return false;  // the walk of the memo is cheaper from here
  const size_t calls = thread_of_call_.size();
  uint64_t* part = &parts_[depth * calls];
  // Each depth keeps its own cycle: the loop below goes on reading it after deeper calls.
  int* cycle = &cycle_[depth * calls];
  const size_t length = find_cycle(part, calls, cycle);
  // Depth 0: the union, asked already.
  if (length == 0) return depth > 0 && witnesses.respected(outcome, part, search);
  if (depth + 1 == kMaxDepth) return false;
  // Each interleaving's relation lacks some edge of the cycle: one of its calls' order across
  // threads (an order within a thread is in every one of them).
  uint64_t* next = part + calls;
  for (size_t i = 0; i < length; ++i) {
    const auto y = static_cast<size_t>(cycle[i]);
    const auto x = static_cast<size_t>(cycle[(i + 1) % length]);
    if (thread_of_call_[x] == thread_of_call_[y]) continue;
    std::copy(part, part + calls, next);
    next[y] &= ~(uint64_t{1} << x);
    if (!part_respected(outcome, depth + 1, asked, witnesses, search)) return false;
  }
  return true;
}

}  // namespace lineup::checker
