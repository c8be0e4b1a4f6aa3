// Declaring libcds structures for `lineup hunt`: a Structure<S> preset with libcds's origin and
// engine set-up, and the operations of the queue, stack and set models bound to libcds's
// common member functions. Include only from translation units compiled with the libcds flags
// (the files of this folder are, see lineup_use_libcds).
//
//   LINEUP_REGISTER(cds_reg::queue<MSQueue>("cds/msqueue", "Michael & Scott lock-free queue"));
#pragma once

#include <cstddef>
#include <string>
#include <type_traits>
#include <utility>

#include "adapters/libcds/cds_engine.h"
#include "specs/structure.h"

namespace lineup::adapters::cds::registration {

inline constexpr char kOrigin[] = "libcds 2.3.3";

/// Hazard pointers S needs per thread: its c_nHazardPtrCount, 0 for structures without GC.
template <class S>
constexpr size_t hazard_pointers_needed() {
  if constexpr (requires { S::c_nHazardPtrCount; }) {
    return S::c_nHazardPtrCount;
  } else {
    return 0;
  }
}

/// A Structure<S> with libcds's origin and the engine set-up every libcds structure needs
/// (per-logical-thread HP records, reset between executions; `thread_data` adds per-logical-
/// thread cds::threading data, see attach_thread_data). Checks at compile time that the shared
/// HP GC has enough hazard pointers for S.
template <class S>
specs::Structure<S> structure(std::string name, const specs::Model& model, std::string description,
                              bool thread_data = false) {
  static_assert(hazard_pointers_needed<S>() <= static_cast<size_t>(kHazardPointers),
                "raise kHazardPointers (cds_engine.h) for this structure");
  return specs::Structure<S>(std::move(name), model)
      .describe(std::move(description))
      .origin(kOrigin)
      .prepare_engine(thread_data ? &prepare_with_thread_data : &prepare);
}

/// A queue with libcds's enqueue(v) -> bool and dequeue(v&) -> bool under `model`, a model
/// with the operations push and pop. Like every preset here it declares the model's hand-offs
/// (Model::handoffs()): a dequeue happens after the enqueue whose value it returns. libcds's
/// documentation says nothing of it beyond its memory-model option (opt::memory_model:
/// relaxed_ordering, the default, maps each of the containers' constraints to std::memory_order
/// one-to-one); a container whose element carries a pointer to what its producer wrote relies
/// on it.
template <class Q>
specs::Structure<Q> push_pop_queue(std::string name, std::string description,
                                   const specs::Model& model) {
  return structure<Q>(std::move(name), model, std::move(description))
      .synchronizes_handoffs()
      .operation("push", [](Q& q, int v) { return q.enqueue(v) ? 1 : 0; })
      .operation("pop", [](Q& q, int) {
        int v = 0;
        return q.dequeue(v) ? v : specs::kEmpty;
      });
}

/// A queue with libcds's common interface, enqueue(v) -> bool, dequeue(v&) -> bool and
/// empty(), under the queue model with empty().
template <class Q>
specs::Structure<Q> queue(std::string name, std::string description) {
  return push_pop_queue<Q>(std::move(name), std::move(description), specs::queue_with_empty_model())
      .operation("empty", [](Q& q, int) { return q.empty() ? 1 : 0; });
}

/// A stack with libcds's common interface, push(v) -> bool, pop(v&) -> bool and empty(), under
/// the stack model with empty().
template <class S>
specs::Structure<S> stack(std::string name, std::string description, bool thread_data = false) {
  return structure<S>(std::move(name), specs::stack_with_empty_model(), std::move(description),
                      thread_data)
      .synchronizes_handoffs()
      .operation("push", [](S& s, int v) { return s.push(v) ? 1 : 0; })
      .operation("pop",
                 [](S& s, int) {
                   int v = 0;
                   return s.pop(v) ? v : specs::kEmpty;
                 })
      .operation("empty", [](S& s, int) { return s.empty() ? 1 : 0; });
}

/// A set of ints with libcds's common interface, insert/erase/contains(key) -> bool, under the
/// set model.
template <class S>
specs::Structure<S> set(std::string name, std::string description) {
  return structure<S>(std::move(name), specs::set_model(), std::move(description))
      .synchronizes_handoffs()
      .operation("insert", [](S& s, int k) { return s.insert(k) ? 1 : 0; })
      .operation("erase", [](S& s, int k) { return s.erase(k) ? 1 : 0; })
      .operation("contains", [](S& s, int k) { return s.contains(k) ? 1 : 0; });
}

}  // namespace lineup::adapters::cds::registration
