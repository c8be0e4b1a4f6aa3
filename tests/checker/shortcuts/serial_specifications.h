// Serial specifications for the shortcuts' property tests: a program's calls, the threads' own
// orders, and a random set of legal orders (as phase 1 gives one), with the brute-force answers
// the shortcuts are held against.
#pragma once

#include <rapidcheck.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <numeric>
#include <vector>

namespace lineup::checker::serial_specifications {

using Relation = std::vector<uint64_t>;  // word y: bit x when call x comes before call y

// A program's calls and a specification of them: each call's thread, the threads' own orders,
// and the legal orders (some of the orders that keep the threads' ones).
struct Specification {
  std::vector<size_t> calls_per_thread;
  std::vector<int> thread_of_call;
  Relation own;
  std::vector<std::vector<int>> legal;
};

// Whether `order` puts each call after every call `relation` puts before it.
inline bool keeps(const std::vector<int>& order, const Relation& relation) {
  std::vector<size_t> position(order.size());
  for (size_t i = 0; i < order.size(); ++i) position[static_cast<size_t>(order[i])] = i;
  for (size_t y = 0; y < relation.size(); ++y) {
    for (size_t x = 0; x < relation.size(); ++x) {
      if (((relation[y] >> x) & 1) != 0 && position[x] > position[y]) return false;
    }
  }
  return true;
}

inline bool some_legal_order_keeps(const Specification& spec, const Relation& relation) {
  return std::any_of(spec.legal.begin(), spec.legal.end(),
                     [&](const std::vector<int>& order) { return keeps(order, relation); });
}

// Whether calls can be taken away one by one, each with no call left before it.
inline bool acyclic(const Relation& relation) {
  uint64_t left = relation.size() == 64 ? ~uint64_t{0} : (uint64_t{1} << relation.size()) - 1;
  while (left != 0) {
    bool taken = false;
    for (size_t y = 0; y < relation.size(); ++y) {
      if (((left >> y) & 1) != 0 && (relation[y] & left) == 0) {
        left &= ~(uint64_t{1} << y);
        taken = true;
      }
    }
    if (!taken) return false;
  }
  return true;
}

inline Specification arbitrary_specification() {
  Specification spec;
  const auto threads = *rc::gen::inRange<size_t>(2, 4);
  for (size_t t = 0; t < threads; ++t) {
    const auto calls = *rc::gen::inRange<size_t>(1, threads == 2 ? 4 : 3);
    spec.calls_per_thread.push_back(calls);
    for (size_t i = 0; i < calls; ++i) {
      spec.own.push_back(i == 0 ? 0 : spec.own.back() | (uint64_t{1} << (spec.own.size() - 1)));
      spec.thread_of_call.push_back(static_cast<int>(t));
    }
  }
  std::vector<int> order(spec.own.size());
  std::iota(order.begin(), order.end(), 0);
  std::vector<int> first;  // the first order that keeps the threads' ones
  do {
    if (!keeps(order, spec.own)) continue;
    if (first.empty()) first = order;
    // Most orders legal, so that relations are often respected (and the split goes deep).
    if (*rc::gen::inRange(0, 4) != 0) spec.legal.push_back(order);
  } while (std::next_permutation(order.begin(), order.end()));
  // Phase 1 gives each outcome at least one order.
  if (spec.legal.empty()) spec.legal.push_back(first);
  return spec;
}

}  // namespace lineup::checker::serial_specifications
