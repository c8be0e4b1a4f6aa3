// Where the code under control is: the machine code of the loaded modules (the executable and
// its shared libraries) that was compiled with -fsanitize=thread, found through each module's
// DWARF (the compile units whose producer string names -fsanitize=thread, and their address
// ranges from .debug_aranges). Only this code reports its accesses to the engine; an atomic
// instruction inside it was not reported (hidden_accesses.h).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace lineup::engine {

/// An instruction of inline assembly with a memory operand, as the compile recorded it
/// (cmake/lineup_compile.sh, the module's `.lineup_asm` section).
struct AssemblyAccess {
  std::string function;     // the symbol holding it (mangled)
  std::string where;        // "file:line" of the asm statement
  std::string instruction;  // as written: "movq (%rdi), %rax"
};

/// The instrumented code of one loaded module.
struct InstrumentedModule {
  std::string path;    // the module's file
  uintptr_t bias = 0;  // run-time address = link-time address + bias
  /// Link-time ranges [first, second) of instrumented code, sorted and merged.
  std::vector<std::pair<uintptr_t, uintptr_t>> ranges;
  /// The link-time ranges of each instrumented compile unit, sorted and merged per unit: the
  /// code one source file contributed (the functions the linker kept of its copies).
  std::vector<std::vector<std::pair<uintptr_t, uintptr_t>>> units;
  /// What a disassembly of the module's instrumented code reads, as 32 hex digits: a 128-bit
  /// hash of the module's GNU build id (when it has one), of `ranges`, and of the file's
  /// bytes loaded executable from the first range's start to the last one's end. "" when the
  /// file's program headers cannot be read. Modules of equal identity disassemble alike, so a
  /// scan of one holds for the other (hidden_accesses.h keeps scans by it).
  std::string identity;
  /// The inline assembly of its instrumented code that touches memory, where its objects were
  /// compiled by lineup_add_structure (else empty).
  std::vector<AssemblyAccess> assembly;
};

/// The modules loaded now that hold instrumented code, and the modules whose instrumentation
/// could not be told (debug information compressed or absent on a module that imports
/// `__tsan_*` hooks) in `unreadable`, each with why.
struct InstrumentedCode {
  std::vector<InstrumentedModule> modules;
  std::vector<std::string> unreadable;
};

/// Reads the debug information of every module loaded in this process. Modules without
/// .debug_aranges that do not import a `__tsan_` symbol (glibc, libstdc++: uninstrumented)
/// are skipped silently; an executable in which no instrumented code is found (stripped) is
/// unreadable.
InstrumentedCode find_instrumented_code();

/// The instrumented ranges of the ELF file at `path` (link-time addresses), or an error in
/// `*error` when its DWARF cannot be read. Exposed for tests.
std::vector<std::pair<uintptr_t, uintptr_t>> instrumented_ranges(const std::string& path,
                                                                 std::string* error);

/// The module at `path` as find_instrumented_code() describes it (`bias` 0), with an error in
/// `*error` as instrumented_ranges() gives. Exposed for tests.
InstrumentedModule read_instrumented_module(const std::string& path, std::string* error);

}  // namespace lineup::engine
