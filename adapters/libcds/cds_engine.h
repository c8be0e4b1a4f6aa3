// Connects libcds to an Engine: per-logical-thread Hazard-Pointer records that follow fiber
// switches, and the libcds state reset between executions.
#pragma once

#include "lineup/engine/engine.h"

namespace lineup::adapters::cds {

/// Makes `engine` run libcds code correctly with up to `max_threads` logical threads:
/// initializes libcds (see initialize() in cds_fibers.h), registers cds::gc::hp::tls_ as a
/// fiber-local with one record per logical thread, and adds a listener that disposes (after a
/// completed execution) or drops (after a failed one) all retired nodes before the heap is
/// reset. Call from the engine's OS thread, outside executions, once per engine.
void attach(engine::Engine& engine, int max_threads, int hazard_pointers = 40);

}  // namespace lineup::adapters::cds
