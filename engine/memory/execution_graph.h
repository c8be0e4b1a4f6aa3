// The execution graph of an explored execution, as axiomatic memory models (RC11, Lahav et al.,
// PLDI 2017) and graph-based model checkers such as GenMC define it: per thread its atomic
// events in program order, for each read the write it reads from, and per location the
// modification order of its writes. Two executions with the same graph differ only in their
// interleaving; counting distinct graphs counts what GenMC counts as executions. Locks,
// condition variables and predicate waits are events too, each object's in the order they ran
// (as GenMC's locks are rmws of the lock's location): the c11 verification's classes.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/trace.h"
#include "engine/transition.h"

namespace lineup::engine {

/// An event named by its thread and its position among the thread's graph events; thread
/// kNoThread names a location's initial value.
struct EventId {
  ThreadId thread = kNoThread;
  uint32_t index = 0;
  bool operator==(const EventId&) const = default;
};

/// One atomic access, fence or synchronisation step.
struct GraphEvent {
  Kind kind = Kind::kRead;  // kRead (also a failed compare-exchange), kWrite, kRmw, kFence, or
                            // a lock, condition-variable or await step
  uint32_t location = 0;    // index of the address among the execution's atomic addresses in
                            // address order; 0 for fences; a synchronisation step's object
                            // among the objects in address order
  uint64_t value = 0;       // the value read (kRead) or written (kWrite, kRmw)
  EventId reads_from{};     // kRead, kRmw: the write read
  bool operator==(const GraphEvent&) const = default;
};

/// Events per thread in program order and, per location, its writes in modification order
/// (after the initial value, which is not listed).
struct ExecutionGraph {
  std::vector<std::vector<GraphEvent>> threads;
  std::vector<std::vector<EventId>> modification_order;
  /// Per synchronisation object, its steps in the order they ran.
  std::vector<std::vector<EventId>> synchronisation_order;
  bool operator==(const ExecutionGraph&) const = default;
};

/// The graph of `trace`. In c11 mode the weak notes say which write each read read and where a
/// store that did not go last was placed; without notes (sc mode) every read reads, and every
/// write goes after, the latest write. Plain accesses are no events: in a program without data
/// races what they read follows from the graph. Assumes no atomic location starts over during
/// the execution (a plain write or free of it).
ExecutionGraph execution_graph(const Trace& trace);

/// A text naming `graph` exactly: equal keys, equal graphs.
std::string graph_key(const ExecutionGraph& graph);

/// A 64-bit hash of graph_key(execution_graph(trace)): names the graph up to collisions.
uint64_t graph_fingerprint(const Trace& trace);

}  // namespace lineup::engine
