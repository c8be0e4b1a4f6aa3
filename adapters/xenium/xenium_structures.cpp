// xenium (Debian's libxenium-dev) structures under each of several of its memory reclaimers.
// xenium is header-only, so everything it does, its reclaimers' per-thread records in
// `thread_local` variables and their global thread lists included, is instrumented code.
//
// Its set and hash map headers use assert without including <cassert>.
//
// Not declared: stamp_it. Its global thread-order queue keeps sentinel nodes allocated at
// static initialisation, outside every execution, and the stamps written there carry from one
// execution to the next (lineup undoes controlled writes to static data, not to memory
// allocated before the engine ran), so replays diverge.
#include <cassert>
// clang-format off
#include <xenium/harris_michael_hash_map.hpp>
#include <xenium/harris_michael_list_based_set.hpp>
#include <xenium/michael_scott_queue.hpp>
#include <xenium/ramalhete_queue.hpp>
#include <xenium/reclamation/generic_epoch_based.hpp>
#include <xenium/reclamation/hazard_eras.hpp>
#include <xenium/reclamation/hazard_pointer.hpp>
#include <xenium/reclamation/quiescent_state_based.hpp>
#include <xenium/vyukov_bounded_queue.hpp>
// clang-format on

#include "specs/structure.h"

namespace {

namespace xr = xenium::reclamation;
using lineup::specs::kEmpty;
using lineup::specs::Structure;

constexpr const char* kOrigin = "xenium 0.0.2 (libxenium-dev)";

using HazardPointer = xr::hazard_pointer<>;
using EpochBased = xr::epoch_based<>;
using HazardEras = xr::hazard_eras<>;

// push/pop for the queues: push always succeeds, pop returns the value or kEmpty. Every
// structure here declares its model's hand-offs (a pop happens after the push it returns, a
// contains or erase that finds a key after its insert): xenium's documentation states no
// memory order for its operations, and passing data through a concurrent container relies on
// that promise.
template <class Q>
Structure<Q> queue(std::string name, std::string description) {
  return Structure<Q>(std::move(name), lineup::specs::queue_model())
      .describe(std::move(description))
      .origin(kOrigin)
      .synchronizes_handoffs()
      .operation("push",
                 [](Q& q, int v) {
                   q.push(v);
                   return 1;
                 })
      .operation("pop", [](Q& q, int) {
        int v;
        return q.try_pop(v) ? v : kEmpty;
      });
}

// Sets: insert, erase, contains, each returning 1 or 0.
template <class S, class Insert>
Structure<S> set(std::string name, std::string description, Insert insert) {
  return Structure<S>(std::move(name), lineup::specs::set_model())
      .describe(std::move(description))
      .origin(kOrigin)
      .synchronizes_handoffs()
      .operation("insert", insert)
      .operation("erase", [](S& s, int v) { return s.erase(v) ? 1 : 0; })
      .operation("contains", [](S& s, int v) { return s.contains(v) ? 1 : 0; });
}

template <class R>
using MsQueue = xenium::michael_scott_queue<int, xenium::policy::reclaimer<R>>;
// Two entries per node, so that three pushes already reach the step to a new node, and few
// retries, so that a pop that keeps losing gives up after a short loop.
template <class R>
using RamalheteQueue =
    xenium::ramalhete_queue<int, xenium::policy::reclaimer<R>, xenium::policy::entries_per_node<2>,
                            xenium::policy::pop_retries<2>>;
template <class R>
using ListSet = xenium::harris_michael_list_based_set<int, xenium::policy::reclaimer<R>>;
// Two buckets: values 1 and 3 share one, 2 has the other.
template <class R>
using HashMap = xenium::harris_michael_hash_map<int, int, xenium::policy::reclaimer<R>,
                                                xenium::policy::buckets<2>>;
// Two cells (the size must be a power of two greater than one).
struct BoundedQueue : xenium::vyukov_bounded_queue<int> {
  BoundedQueue() : vyukov_bounded_queue(2) {}
};

template <class S>
int insert_key(S& s, int v) {
  return s.emplace(v) ? 1 : 0;
}
template <class M>
int insert_entry(M& m, int v) {
  return m.emplace(v, v) ? 1 : 0;
}

LINEUP_REGISTER(queue<MsQueue<HazardPointer>>(
    "xenium/michael_scott_queue-hp", "michael_scott_queue<int> with hazard_pointer<>: push, pop"));
LINEUP_REGISTER(queue<MsQueue<EpochBased>>(
    "xenium/michael_scott_queue-ebr", "michael_scott_queue<int> with epoch_based<>: push, pop"));
LINEUP_REGISTER(queue<RamalheteQueue<HazardPointer>>(
    "xenium/ramalhete_queue-hp",
    "ramalhete_queue<int> (2 entries per node) with hazard_pointer<>: push, pop"));
LINEUP_REGISTER(queue<RamalheteQueue<HazardEras>>(
    "xenium/ramalhete_queue-he",
    "ramalhete_queue<int> (2 entries per node) with hazard_eras<>: push, pop"));
LINEUP_REGISTER(
    set<ListSet<EpochBased>>("xenium/harris_michael_list_set-ebr",
                             "harris_michael_list_based_set<int> with epoch_based<>: insert, "
                             "erase, contains",
                             &insert_key<ListSet<EpochBased>>));
LINEUP_REGISTER(set<ListSet<HazardPointer>>(
    "xenium/harris_michael_list_set-hp",
    "harris_michael_list_based_set<int> with hazard_pointer<>: insert, erase, contains",
    &insert_key<ListSet<HazardPointer>>));
LINEUP_REGISTER(set<HashMap<HazardPointer>>(
    "xenium/harris_michael_hash_map-hp",
    "harris_michael_hash_map<int, int> (2 buckets) with hazard_pointer<> as a set: insert, "
    "erase, contains",
    &insert_entry<HashMap<HazardPointer>>));
LINEUP_REGISTER(set<HashMap<xr::quiescent_state_based>>(
    "xenium/harris_michael_hash_map-qsbr",
    "harris_michael_hash_map<int, int> (2 buckets) with quiescent_state_based as a set: "
    "insert, erase, contains",
    &insert_entry<HashMap<xr::quiescent_state_based>>));
Structure<BoundedQueue> bounded_queue(std::string name, const lineup::specs::Model& model,
                                      std::string description) {
  return Structure<BoundedQueue>(std::move(name), model)
      .describe(std::move(description))
      .origin(kOrigin)
      .synchronizes_handoffs()
      .operation("push", [](BoundedQueue& q, int v) { return q.try_push(v) ? 1 : 0; })
      .operation("pop", [](BoundedQueue& q, int) {
        int v;
        return q.try_pop(v) ? v : kEmpty;
      });
}

// Bounded (no reclaimer): try_push fails when the 2 cells are taken.
LINEUP_REGISTER(bounded_queue("xenium/vyukov_bounded_queue-2",
                              lineup::specs::bounded_queue_model(2),
                              "vyukov_bounded_queue<int>(2): try_push, try_pop"));
// The promise it keeps under C++'s memory model: the positions are read with relaxed loads and
// a cell's sequence number with an acquire load, each of which may return an old value, so
// try_push may fail as if full and
// try_pop as if empty after the other side's call has returned (docs/findings.md). Hunt it
// with --memory-model c11.
LINEUP_REGISTER(bounded_queue("xenium/vyukov_bounded_queue-2-stale",
                              lineup::specs::stale_bounded_queue_model(2),
                              "vyukov_bounded_queue<int>(2): try_push, try_pop; empty and full "
                              "answers may be stale"));

}  // namespace
