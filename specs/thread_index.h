// Which logical thread of the test program is calling: for structures that keep per-thread
// state in slots of their own (a hazard-pointer slot, a per-producer buffer) and need the
// caller's index to find it.
#pragma once

namespace lineup::specs {

/// The index of the logical thread making the current call, 0..threads-1, the same in every
/// execution and replay of a program. Calls outside the threads (the init prefix, the
/// structure's construction and destruction, and code run outside any execution) see 0, as
/// if thread 0 made them before its own calls (or, destruction, after every thread ended).
/// Asks the engine which thread runs: no memory access the engine schedules or reports.
int thread_index();

}  // namespace lineup::specs
