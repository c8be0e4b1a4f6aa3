// Connects libcds to an Engine: per-logical-thread Hazard-Pointer records that follow fiber
// switches, and the libcds state reset between executions.
#pragma once

#include "engine/engine.h"

namespace lineup::adapters::cds {

/// Hazard pointers per thread record. One HP GC serves every structure of the process and
/// cannot grow once in use, so this is enough for every registered libcds structure (the most
/// needy is SkipListSet at 2 * 5 + 3 = 13; structures/cds_registration.h checks each).
inline constexpr int kHazardPointers = 40;

/// Makes `engine` run libcds code correctly with up to `max_threads` logical threads:
/// initializes libcds (see initialize() in cds_fibers.h), registers cds::gc::hp::tls_ as a
/// fiber-local with one record per logical thread, and adds a listener that disposes (after a
/// completed execution) or drops (after a failed one) all retired nodes before the heap is
/// reset. Call from the engine's OS thread, outside executions, once per engine; any number of
/// engines may be attached one after another (or side by side) in one process, all with the
/// same `hazard_pointers` (or fewer) and from the same OS thread.
void attach(engine::Engine& engine, int max_threads, int hazard_pointers = kHazardPointers);

/// Target::prepare_engine of the registered libcds structures: attach() with kHazardPointers.
void prepare(engine::Engine& engine, int max_threads);

/// Gives every logical thread of `engine` its own cds::threading::ThreadData, the per-thread
/// data of libcds's threading manager (elimination records, RCU records). Needed by code that
/// calls cds::threading::Manager, which per OS thread would be shared by all logical threads:
/// the TreiberStack elimination back-off. Such code must be compiled with libcds's GCC
/// threading model, whose per-thread pointer is a plain __thread variable that the engine
/// swaps on fiber switches (include cds_threading.h before any libcds header). The elimination
/// record of each ThreadData is cleared after every execution. Call after attach().
void attach_thread_data(engine::Engine& engine, int max_threads);

/// Target::prepare_engine of structures that need attach_thread_data() as well.
void prepare_with_thread_data(engine::Engine& engine, int max_threads);

}  // namespace lineup::adapters::cds
