// libcds under lineup's fibers: one Hazard-Pointer (HP) record per logical thread.
//
// libcds finds the calling thread's HP record through the thread_local `cds::gc::hp::tls_`
// (exported by libcds.so). All logical threads share one OS thread, so the engine saves and
// restores that variable on every fiber switch (Fibers::add_local / set_local), giving each
// logical thread its own record, attached once for the whole process.
//
// Every translation unit that includes a libcds header (cds_fibers.cpp, the structure adapters)
// must be compiled with the instrumentation flags plus -U__SANITIZE_THREAD__ -D_GLIBCXX_TSAN=1
// (README.md): otherwise -fsanitize=thread switches libcds's headers to a configuration
// libcds.so was not built with, changing the layout of types shared with it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>

// -fsanitize=thread predefines __SANITIZE_THREAD__, which switches libcds's headers to a TSan
// configuration that libcds.so was not built with (a smaller cds::threading::ThreadData).
#ifdef __SANITIZE_THREAD__
#error "libcds code needs -U__SANITIZE_THREAD__ -D_GLIBCXX_TSAN=1 (adapters/libcds/README.md)"
#endif

namespace lineup::adapters::cds {

/// Once per process before any execution, from the main OS thread, outside any controlled
/// execution (the records must come from the real heap, not the per-execution arena):
/// initializes libcds (cds::Initialize), constructs the HP GC with `hazard_pointers` per
/// thread (default 40; SkipListSet needs 2 * max height + 3), attaches the main thread and
/// max(`max_threads`, 8) logical-thread records. Call it before the engine registers
/// hp_tls_slot(): the engine captures the main context's current value (the main record) at
/// that moment. Later calls (one per engine) from the same OS thread asking for no more
/// threads and hazard pointers than the first attached are no-ops; asking for more, or calling
/// from another OS thread, aborts (libcds cannot grow an HP GC that is in use, and the records
/// belong to the thread that attached them).
void initialize(int max_threads, int hazard_pointers = 40);

/// Address of the calling OS thread's `cds::gc::hp::tls_` (the engine saves/restores *slot per
/// logical thread). Only meaningful on the OS thread that called initialize().
void** hp_tls_slot();

/// The value `*hp_tls_slot()` must hold while logical thread `thread` runs
/// (0 <= thread < max_threads of initialize(); aborts otherwise).
void* hp_record(int thread);

/// The memory of logical thread `thread`'s record [first, second): its hazard-pointer slots,
/// retired array and sync() counter (one allocation of libcds's). Only that thread's code and
/// libcds.so's scans use it.
std::pair<uintptr_t, uintptr_t> record_memory(int thread);
/// Between executions (engine in uncontrolled mode, main thread's record current; aborts
/// otherwise): if `clean`, disposes every retired pointer of every logical-thread record (and
/// the main one), running the structures' disposers, so call it while the execution's heap
/// still exists (before the arena reset); otherwise drops them without calling disposers
/// (their memory is gone). In both cases rebuilds every record's hazard-pointer slots (all
/// cleared, free list in its initial order: guards held by abandoned fibers come back) and
/// zeroes its sync() counter, so the next execution starts from the same libcds state
/// whatever happened before.
void end_execution(bool clean);

/// Retired pointers a logical thread accumulates before it runs a hazard-pointer scan (which
/// disposes the unprotected ones) inside an execution. 0 (default) keeps libcds's own
/// capacity, 2 * hazard_pointers * (max_threads + 1), which a short execution never reaches:
/// nodes are then only reclaimed by end_execution, and no use-after-free through premature
/// reclamation can happen. 1 scans at every retire (most reclamation, slowest). Takes effect
/// at the next end_execution(); values above libcds's capacity are clamped to it.
void set_scan_threshold(int retired);

/// Retired pointers currently waiting in all records (0 after end_execution), for tests.
size_t pending_retired();

}  // namespace lineup::adapters::cds
