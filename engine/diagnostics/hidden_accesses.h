// Memory accesses in instrumented code that no hook reports: atomic instructions written in
// inline assembly (or left by a missing -fsanitize=thread in part of a build). The engine
// neither schedules nor sees them, so an exploration of code containing them may take two
// conflicting steps for independent and claim orders that never ran were covered.
//
// Found by disassembling the instrumented code of every loaded module (instrumented_code.h)
// with binutils' objdump, once per module: what a disassembly found is kept in the user's
// cache folder under the module's identity and read back by every later scan of a module of
// that identity (the next hunt, each shard). What this cannot find: plain loads and stores written
// in inline assembly (a `mov` reads like any compiled access of a local), and accesses made by
// uninstrumented code called from instrumented code (a library without -fsanitize=thread);
// the hang watchdog catches the latter when they spin.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/diagnostics/instrumented_code.h"

namespace lineup::engine {

/// One access no hook reports.
struct HiddenAccess {
  uintptr_t pc = 0;         // run-time address of the instruction
  std::string instruction;  // as objdump prints it, e.g. "lock cmpxchg %rdx,(%rsi)"
  std::string where;        // "file:line function" where known, else the module and function
};

/// The result of a scan: the hidden accesses, and what could not be checked (each with why).
struct HiddenAccessScan {
  std::vector<HiddenAccess> accesses;
  std::vector<std::string> unchecked;
  size_t cached = 0;  // modules whose disassembly was read from the cache, not run
  bool clean() const { return accesses.empty() && unchecked.empty(); }
};

/// Disassembles `code` and lists its hidden accesses (at most `limit` of them are described
/// in full; the rest are counted in `accesses` with `where` empty). A module with an identity
/// (InstrumentedModule::identity) is disassembled only when hidden_access_cache_folder() holds
/// no entry for it: a completed disassembly's accesses (link-time address, instruction, the
/// function objdump names) are written there, to a temporary file renamed into place, and read
/// back instead of disassembling again. An entry that does not read back whole (its format,
/// the identity it names, its count of accesses and its checksum) is ignored and written anew;
/// a failed disassembly is not kept. `where` is worked out in every scan, from the run-time
/// address. Entries unused for 30 days are removed when another is written.
HiddenAccessScan scan_hidden_accesses(const InstrumentedCode& code, size_t limit = 50);

/// The folder of the scans kept: `$XDG_CACHE_HOME/lineup/hidden-accesses` (when
/// XDG_CACHE_HOME is an absolute path), else `$HOME/.cache/lineup/hidden-accesses`; "" (no
/// cache) when neither is set.
std::string hidden_access_cache_folder();

/// Whether an instruction, as objdump prints it ("lock cmpxchg %rdx,(%rsi)"), is an access no
/// hook reports: a lock prefix, xchg/cmpxchg/xadd with a memory operand, cmpxchg8b/16b, or
/// mfence. Compiled instrumented code contains none of these (atomics and fences become hook
/// calls), so each one comes from inline assembly or uninstrumented objects.
bool is_hidden_access(std::string_view instruction);

}  // namespace lineup::engine
