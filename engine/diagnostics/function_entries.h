// Which instrumented functions the code under test entered, recorded while asked: every
// instrumented function calls the __tsan_func_entry hook first, and the hook's return address
// lies in the function entered. The pre-hunt check records a few executions of a structure
// this way to learn where its executions enter the code (code_reach.h); when not recording,
// the hook costs one test of a flag.
#pragma once

#include <cstdint>
#include <vector>

namespace lineup::engine {

/// Whether entries are being recorded (read by the hook).
extern bool g_recording_function_entries;

/// Starts recording, forgetting what was recorded before. Not thread-safe: one recorder at a
/// time, on the thread (and its fibers) that runs the executions.
void start_recording_function_entries();

/// Stops recording and returns the return addresses the hook saw, each once; empty when more
/// than 49,152 were seen (then recording stopped there: the caller cannot tell what was entered).
std::vector<uintptr_t> stop_recording_function_entries();

/// Records one entry (the hook's return address `pc`). Called by the hook while recording.
void record_function_entry(uintptr_t pc);

}  // namespace lineup::engine
