// Where a report should point when the code that called, waited, hung or crashed is not the
// structure's: a library function reached through the C or C++ library (std::thread's
// constructor calls pthread_create), a condition-variable wait inside the C++ library, a spin
// inside a prebuilt library. The report names the first frame in code with source of its own
// (the structure's call), then the library frame.
#pragma once

#include <cstdint>
#include <string>

namespace lineup::engine {

/// Return addresses of a stack, innermost first, captured raw (nothing symbolized).
struct CallerChain {
  static constexpr int kMaxFrames = 32;
  uintptr_t pcs[kMaxFrames] = {};
  int count = 0;
};

/// Captures the calling stack's return addresses into `chain`. Allocates nothing and reads no
/// file, so a signal handler may call it: through the signal frame it goes on into the
/// interrupted code's frames, the interrupted pc first.
void capture_callers(CallerChain& chain);

/// The return address of the innermost frame of `chain`, at or above `pc`, that has source of
/// its own (Symbolizer::has_own_source); `pc` itself when no frame has, or when `chain` does
/// not hold `pc`. Call outside controlled code (EngineSection): the symbolizer allocates and
/// reads files.
uintptr_t call_site(uintptr_t pc, const CallerChain& chain);

/// As above on the calling stack, `caller` being the return address of the function that
/// asks (a replaced library function).
uintptr_t call_site(uintptr_t caller);

/// "queue.cpp:23 WaitQueue::pop, in condition_variable:312 condition_variable_any::wait" for
/// code at `pc` called from `site` (call_site): `site` as Symbolizer::describe names it, then
/// `pc`. When `site` is `pc` or 0: describe(pc), then the innermost frame of `pc` when that is
/// library code inlined into it (describe() skips the C++ library's frames).
std::string describe_call_site(uintptr_t pc, uintptr_t site);

}  // namespace lineup::engine
