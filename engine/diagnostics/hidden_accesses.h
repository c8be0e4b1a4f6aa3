// What instrumented code does that no hook reports, found before the first execution:
// - hidden accesses: atomic instructions written in inline assembly (or left by a missing
//   -fsanitize=thread in part of a build);
// - uninstrumented calls: calls out of instrumented code into code built without lineup's
//   flags (a prebuilt or system library through the PLT, an uninstrumented object of the same
//   module), other than the calls allowed_calls.h says hide nothing.
// The engine neither schedules nor sees what they do, so an exploration of code reaching them
// may take two conflicting steps for independent ones and claim orders that never ran were
// covered. Each finding sits in a function of the static call graph (code_graph.h), so that
// it counts against the structures whose code reaches it (code_reach.h), not the whole hunter.
//
// Found by disassembling the instrumented code of every loaded module (instrumented_code.h)
// with binutils' objdump, once per module identity: the disassembly is kept in the user's
// cache folder (disassembly_cache.h) and read back by every later scan. Inline assembly with a
// memory operand that the compile recorded (InstrumentedModule::assembly, from
// cmake/lineup_compile.sh) is a hidden access too. What this cannot find: plain loads and
// stores in inline assembly of code compiled otherwise (a `mov` reads like any compiled access
// of a local), and what a call through a pointer reaches (code_graph.h marks the functions
// that make one); the hang watchdog catches uninstrumented code that spins.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/diagnostics/code_graph.h"
#include "engine/diagnostics/disassembly.h"
#include "engine/diagnostics/disassembly_cache.h"
#include "engine/diagnostics/instrumented_code.h"

namespace lineup::engine {

/// One access no hook reports.
struct HiddenAccess {
  uintptr_t pc = 0;         // run-time address of the instruction
  std::string instruction;  // as objdump prints it, e.g. "lock cmpxchg %rdx,(%rsi)"
  std::string where;        // "file:line function" where known, else the module and function
};

/// One call from instrumented code into code lineup does not see.
struct UninstrumentedCall {
  uintptr_t pc = 0;    // run-time address of the call instruction
  std::string callee;  // demangled: "queue_push(queue*, int)"
  std::string module;  // file name of the module defining it ("libfoo.so.1"); "" when unknown
  std::string where;   // of the call site, as HiddenAccess::where
};

/// The result of a scan: the findings, the call graph of the instrumented code they sit in, and
/// what could not be checked (each with why).
struct HiddenAccessScan {
  std::vector<HiddenAccess> accesses;
  std::vector<UninstrumentedCall> calls;
  std::vector<std::string> unchecked;
  CodeGraph graph;
  size_t cached = 0;  // modules whose disassembly was read from the cache, not run
  bool clean() const { return accesses.empty() && calls.empty() && unchecked.empty(); }
};

/// Scans `code`: its hidden accesses, its uninstrumented calls (a call through the PLT is
/// followed to where the symbol binds now, so that a call into another module's instrumented
/// code is an edge of the graph, not a finding), and the graph. Only the first `limit`
/// findings of each kind get a `where`; the rest are listed with `where` empty. A module with
/// an identity is disassembled only when the cache holds no sound entry for it, and a
/// completed disassembly is kept.
HiddenAccessScan scan_hidden_accesses(const InstrumentedCode& code, size_t limit = 50);

}  // namespace lineup::engine
