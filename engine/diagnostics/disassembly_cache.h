// The disassemblies kept between runs: what disassemble() read of a module, stored in the
// user's cache folder under the module's identity (InstrumentedModule::identity), so that a
// later hunt, replay or shard of the same code reads it back instead of running objdump.
#pragma once

#include <optional>
#include <string>

#include "engine/diagnostics/disassembly.h"

namespace lineup::engine {

/// The folder of the kept disassemblies: `$XDG_CACHE_HOME/lineup/hidden-accesses` (when
/// XDG_CACHE_HOME is an absolute path), else `$HOME/.cache/lineup/hidden-accesses`; "" (no
/// cache) when neither is set.
std::string hidden_access_cache_folder();

/// The file name (in hidden_access_cache_folder()) of the entry for `identity`.
std::string cache_entry_name(const std::string& identity);

/// The code kept for `identity`, when its entry reads back whole: its format, the identity it
/// names, its count of records and its checksum. Nothing for a missing or damaged entry. A
/// used entry is touched, so that it is not removed as unused.
std::optional<ModuleCode> read_kept_code(const std::string& identity);

/// Keeps `code` under `identity`: written to a temporary file renamed into place (readers see
/// the old entry, none, or the new one, never a part). Entries unused for 30 days are removed
/// when another is written. A folder that cannot be written costs only the cache.
void keep_code(const std::string& identity, const ModuleCode& code);

}  // namespace lineup::engine
