// Where controlled code called a library function that the runtime replaces, when the call
// came through the C or C++ library (std::thread's constructor calls pthread_create,
// std::ofstream's fopen): the frame of the code under test that the report should name.
#pragma once

#include <cstdint>

namespace lineup::engine {

/// The return address of the innermost frame on the calling stack, at or above `caller` (the
/// return address of the replaced function), that has source of its own
/// (Symbolizer::has_own_source); `caller` itself when no frame has. Call outside controlled
/// code (EngineSection): the unwinder and the symbolizer allocate and read files.
uintptr_t call_site(uintptr_t caller);

}  // namespace lineup::engine
