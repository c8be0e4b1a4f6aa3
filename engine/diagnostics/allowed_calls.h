// The calls instrumented code may make into uninstrumented code without hiding anything from
// lineup: functions its runtime replaces (allocation, pthread synchronisation, the futex
// system call, time and sleep, the calls it refuses), lineup's own code, the C++ runtime's
// exception and start-up machinery, the C++ library's waiting that goes through the pthread
// functions lineup replaces, output to the standard streams, and functions that touch only
// memory the caller hands them or none (the string searches, libm). docs/uninstrumented-calls.md
// gives the list with the reason of each entry; every other call out of instrumented code is
// one lineup cannot see into (uninstrumented_calls.h).
#pragma once

#include <string_view>

namespace lineup::engine {

/// Why a call from instrumented code to `function` (demangled, as demangled() gives it, or a C
/// name) defined in the module whose file name is `module` ("libm.so.6"; "" when unknown)
/// hides nothing from lineup, in a few words ("lineup's runtime replaces it"); nullptr when it
/// may.
const char* why_call_is_seen(std::string_view function, std::string_view module);

/// Why a call made from code inlined out of `function` (a frame of the call site, as the
/// symbolizer names it) hides nothing whatever it calls: the C++ library's own bookkeeping
/// inside its condition variables (condition_variable_any keeps its internal mutex in a
/// std::shared_ptr); nullptr otherwise.
const char* why_caller_is_seen(std::string_view function);

}  // namespace lineup::engine
