// Where the dynamic linker's (ld.so's) code lies. What it allocates while controlled code runs
// (a library loaded by dlopen: its link map, scopes and search lists; the records of lazy
// binding; a dynamically loaded module's thread-local block and the grown thread vector on
// the first access from a logical thread) belongs to the process, not to the execution: the
// allocator sends calls from this range to glibc, so the execution heap's reset never undoes
// them.
#pragma once

#include <cstdint>

namespace lineup::engine {

/// [low, low + span) of the dynamic linker's executable segments.
struct CodeRange {
  uintptr_t low = 0;
  uintptr_t span = 0;
};

/// The dynamic linker's code, found from its ELF headers at the base the kernel reports
/// (AT_BASE) while the process starts (before main; empty until then, when no controlled code
/// runs yet). Empty when the program has no dynamic linker or was started by running ld.so
/// itself.
extern const CodeRange dynamic_linker_code;

/// Whether the code address `pc` (a return address) lies in the dynamic linker.
inline bool in_dynamic_linker(uintptr_t pc) {
  return pc - dynamic_linker_code.low < dynamic_linker_code.span;
}

}  // namespace lineup::engine
